// The Klondike board: stock, waste, four foundations and seven tableau piles
// drawn from a view. Card elements are kept by card (face-up cards by code,
// face-down ones by place), so two views can be compared and each card that
// moved slides from where it was (the animation comes from the difference).

import { cardLabel, cardName, cardSVG } from "/static/cards.js";
import { SUIT_WORDS, foundationTop } from "/static/klondike-moves.js";
import { motionAllowed } from "/static/site.js";

export const FOUNDATIONS = ["FS", "FH", "FC", "FD"];
export const TABLEAU = ["T1", "T2", "T3", "T4", "T5", "T6", "T7"];
const SUIT_SIGNS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SLIDE_MS = 180;

// Fanning, as fractions of the card height: wide for face-up cards, tight for
// face-down ones, and the least a long pile may be squeezed to.
const UP_GAP = 0.27;
const DOWN_GAP = 0.11;
const UP_GAP_MIN = 0.15;
const DOWN_GAP_MIN = 0.05;

function make(tag, className, attributes = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

export class Board {
  constructor(root) {
    this.root = root;
    this.cards = new Map(); // key -> element, kept between views
    this.piles = new Map(); // place -> {pile, slot}
    this.cardHeight = 0;
    const top = make("div", "row top-row");
    const bottom = make("div", "row tableau-row");
    this.addPile(top, "stock", "stock");
    this.addPile(top, "W", "waste");
    top.append(make("div", "gap-cell"));
    for (const place of FOUNDATIONS) this.addPile(top, place, "foundation");
    for (const place of TABLEAU) this.addPile(bottom, place, "tableau");
    root.replaceChildren(top, bottom);
    this.tableauRow = bottom;
  }

  addPile(row, place, kind) {
    const pile = make("div", `pile ${kind}`, { "data-place": place });
    const slot = make("div", "slot", { "data-place": place });
    if (kind === "foundation") slot.dataset.sign = SUIT_SIGNS[place[1]];
    pile.append(slot);
    row.append(pile);
    this.piles.set(place, { pile, slot });
  }

  /** Card size from the room there is: seven across, and a table that fits the window's height. */
  fit() {
    const gap = parseFloat(getComputedStyle(this.tableauRow).columnGap) || 8;
    const byWidth = (this.root.clientWidth - 6 * gap) / 7;
    const top = this.root.getBoundingClientRect().top + window.scrollY;
    const byHeight = (window.innerHeight - top - 24) / 3.5 / 1.4;
    const width = Math.floor(Math.max(36, Math.min(118, byWidth, Math.max(byHeight, 64))));
    this.root.style.setProperty("--card-w", `${width}px`);
    this.root.style.setProperty("--card-h", `${Math.round(width * 1.4)}px`);
    this.cardHeight = Math.round(width * 1.4);
  }

  /** The element of a place's pile and its slot (the empty place under the cards). */
  pile(place) {
    return this.piles.get(place);
  }

  card(key, code, faceDown) {
    let node = this.cards.get(key);
    if (!node) {
      node = make("div", "card");
      node.dataset.key = key;
      const svg = cardSVG(code, { faceDown });
      svg.setAttribute("aria-hidden", "true");
      node.append(svg);
      this.cards.set(key, node);
    }
    return node;
  }

  /**
   * Draws `view`. `marks` says what to light up: {selected: {place, count},
   * targets: [places], hint: {source, count, target}}. Returns nothing; cards
   * that changed place slide there unless motion is off.
   */
  render(view, marks = {}) {
    const before = new Map();
    for (const [key, node] of this.cards) if (node.isConnected) before.set(key, node.getBoundingClientRect());
    const stockRect = this.piles.get("stock").slot.getBoundingClientRect();
    const used = new Set();
    const order = new Map(); // pile element -> its cards, bottom first
    const place = (node, pileEl, y, x, index) => {
      node.style.top = `${y}px`;
      node.style.left = `${x}px`;
      node.style.zIndex = String(index + 1);
      node.style.transform = "";
      node.classList.remove("dragging");
      if (!order.has(pileEl)) order.set(pileEl, []);
      order.get(pileEl).push(node);
      used.add(node.dataset.key);
    };

    this.renderStock(view, place);
    this.renderWaste(view, place);
    this.renderFoundations(view, place);
    this.renderTableau(view, place);
    for (const [key, node] of this.cards) if (!used.has(key)) node.remove();
    // Only piles whose cards changed are touched: moving nodes makes the browser paint them again.
    for (const { pile } of this.piles.values()) {
      const cards = order.get(pile) ?? [];
      const now = [...pile.children].filter((child) => child.classList.contains("card"));
      if (now.length !== cards.length || now.some((node, i) => node !== cards[i])) pile.append(...cards);
    }
    this.mark(view, marks);
    const drawn = this.shown && view.stock < this.shown.stock ? view.waste.slice(view.stock - this.shown.stock) : [];
    this.shown = view;
    this.slide(before, stockRect, new Set(drawn));
  }

  renderStock(view, place) {
    const { pile, slot } = this.piles.get("stock");
    const recycle = view.stock === 0 && view.legal.includes("draw");
    slot.dataset.sign = view.stock === 0 ? (recycle ? "↻" : "✕") : "";
    this.entry(slot, `Stock: ${view.stock ? `${view.stock} cards, press Enter to draw` : recycle
      ? "empty, press Enter to turn the waste over" : "empty"}`);
    pile.dataset.count = view.stock ? String(view.stock) : "";
    if (view.stock) {
      const node = this.card("stock", null, true);
      this.plain(node, "stock");
      place(node, pile, 0, 0, 0);
    }
  }

  renderWaste(view, place) {
    const { pile, slot } = this.piles.get("W");
    const shown = view.waste.slice(view.draw === 3 ? -3 : -2);
    const fan = view.draw === 3 ? 0.3 * this.cardWidth() : 0;
    shown.forEach((code, i) => {
      const node = this.card(code, code, false);
      const top = i === shown.length - 1;
      if (top) this.button(node, "W", -1, `Waste: ${cardName(code)} on top`);
      else this.plain(node, "W");
      place(node, pile, 0, view.draw === 3 ? i * fan : 0, i);
    });
    this.entry(slot, "Waste: empty", shown.length === 0);
  }

  renderFoundations(view, place) {
    for (const placeName of FOUNDATIONS) {
      const suit = placeName[1];
      const count = view.foundations[suit];
      const { pile, slot } = this.piles.get(placeName);
      const shown = [foundationTop(suit, count - 1), foundationTop(suit, count)].filter(Boolean);
      shown.forEach((code, i) => {
        const node = this.card(code, code, false);
        const top = i === shown.length - 1;
        if (top) this.button(node, placeName, -1, `Foundation ${SUIT_WORDS[suit]}: up to the ${cardName(code)}`);
        else this.plain(node, placeName);
        place(node, pile, 0, 0, i);
      });
      this.entry(slot, `Foundation ${SUIT_WORDS[suit]}: empty`, count === 0);
    }
  }

  renderTableau(view, place) {
    const height = this.cardHeight;
    const rowTop = this.tableauRow.getBoundingClientRect().top + window.scrollY;
    const room = Math.max(window.innerHeight - rowTop - 16, 2.6 * height);
    let tallest = height;
    view.tableau.forEach((column, p) => {
      const placeName = TABLEAU[p];
      const { pile, slot } = this.piles.get(placeName);
      const [down, up] = this.gaps(column, room);
      const label = this.pileLabel(p + 1, column);
      for (let i = 0; i < column.hidden; i += 1) {
        const node = this.card(`down:${placeName}:${i}`, null, true);
        this.plain(node, placeName);
        place(node, pile, i * down, 0, i);
      }
      column.face_up.forEach((code, i) => {
        const node = this.card(code, code, false);
        const onIt = column.face_up.length - 1 - i;
        const isTop = onIt === 0;
        this.button(node, placeName, i, isTop ? label
          : `${cardLabel(code)}, tableau ${p + 1}, with ${onIt} card${onIt > 1 ? "s" : ""} on it`, isTop);
        place(node, pile, column.hidden * down + i * up, 0, column.hidden + i);
      });
      const bottom = height + column.hidden * down + Math.max(0, column.face_up.length - 1) * up;
      pile.style.height = `${bottom}px`;
      tallest = Math.max(tallest, bottom);
      const faceDownTop = column.face_up.length === 0 && column.hidden > 0;
      this.entry(slot, faceDownTop ? `${label}, press Enter to turn the top card over` : label,
        column.face_up.length === 0);
    });
    this.tableauRow.style.minHeight = `${tallest}px`;
  }

  /** "Tableau 3: 5 face down, 8 of hearts, 7 of clubs" */
  pileLabel(number, column) {
    const parts = [];
    if (column.hidden) parts.push(`${column.hidden} face down`);
    for (const code of column.face_up) parts.push(cardName(code));
    return `Tableau ${number}: ${parts.length ? parts.join(", ") : "empty"}`;
  }

  /** The fan of a pile, squeezed when it would run past the bottom of the window. */
  gaps(column, room) {
    const h = this.cardHeight;
    let down = DOWN_GAP * h;
    let up = UP_GAP * h;
    const ups = Math.max(0, column.face_up.length - 1);
    const need = () => h + column.hidden * down + ups * up;
    if (need() > room) down = DOWN_GAP_MIN * h;
    if (need() > room && ups) up = Math.max(UP_GAP_MIN * h, (room - h - column.hidden * down) / ups);
    return [down, up];
  }

  /** The middle of where a card put on `place` would lie (on a tableau pile: fanned below its last card). */
  landing(place) {
    const { pile, slot } = this.piles.get(place);
    const last = place.startsWith("T") ? pile.querySelector(".card:last-of-type") : null;
    const box = (last ?? slot).getBoundingClientRect();
    const fan = last && last.classList.contains("live") ? UP_GAP * this.cardHeight : last ? DOWN_GAP * this.cardHeight : 0;
    return { x: box.left + box.width / 2, y: box.top + fan + box.height / 2 };
  }

  cardWidth() {
    return this.cardHeight / 1.4;
  }

  /** A card the player can take: a button with its name; `entry` makes it the pile's tab stop. */
  button(node, placeName, index, label, entry = true) {
    node.dataset.place = placeName;
    node.dataset.index = String(index);
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", label);
    node.removeAttribute("aria-hidden");
    node.tabIndex = entry ? 0 : -1;
    node.classList.add("live");
  }

  /** A card shown but not taken from here (under the top card, or face down). */
  plain(node, placeName) {
    node.dataset.place = placeName;
    node.dataset.index = "-1";
    for (const name of ["role", "aria-label", "tabindex", "aria-pressed"]) node.removeAttribute(name);
    node.setAttribute("aria-hidden", "true");
    node.classList.remove("live", "selected", "hinted");
  }

  /** The slot is the pile's tab stop only when no card of it is (empty, or face down on top). */
  entry(slot, label, isEntry = true) {
    if (isEntry) {
      slot.setAttribute("role", "button");
      slot.setAttribute("aria-label", label);
      slot.tabIndex = 0;
    } else {
      for (const name of ["role", "aria-label", "tabindex"]) slot.removeAttribute(name);
    }
  }

  mark(view, marks) {
    const { selected = null, targets = [], hint = null } = marks;
    for (const node of this.root.querySelectorAll(".selected, .target, .hinted")) {
      node.classList.remove("selected", "target", "hinted");
    }
    for (const node of this.root.querySelectorAll(".card.live")) node.removeAttribute("aria-pressed");
    const light = (spec, className) => {
      if (!spec) return;
      for (const node of this.cardsOf(spec.place, spec.count)) {
        node.classList.add(className);
        if (className === "selected") node.setAttribute("aria-pressed", "true");
      }
    };
    light(selected, "selected");
    for (const place of targets) this.piles.get(place).pile.classList.add("target");
    if (hint) {
      if (hint.source) light({ place: hint.source, count: hint.count }, "hinted");
      if (hint.source && !this.cardsOf(hint.source, hint.count).length) this.piles.get(hint.source).pile.classList.add("hinted");
      if (hint.target) this.piles.get(hint.target).pile.classList.add("hinted");
    }
  }

  /** The top `count` cards of a place as elements (the moving run of a drag). */
  cardsOf(place, count) {
    const { pile } = this.piles.get(place);
    const live = [...pile.querySelectorAll(".card.live")];
    if (place.startsWith("T")) return live.slice(-count);
    return live.slice(-1);
  }

  /** Slides each card from where it was; cards just drawn come from the stock, cards just turned turn over. */
  slide(before, stockRect, drawn) {
    if (!motionAllowed()) return;
    for (const [key, node] of this.cards) {
      if (!node.isConnected) continue;
      const now = node.getBoundingClientRect();
      const was = before.get(key) ?? (drawn.has(key) ? stockRect : null);
      if (!was) {
        if (before.has(`down:${node.dataset.place}:0`) && node.dataset.place.startsWith("T")) this.turn(node);
        continue;
      }
      const dx = was.left - now.left;
      const dy = was.top - now.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      const z = node.style.zIndex;
      node.style.zIndex = String(200 + Number(z));
      const animation = node.animate(
        [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
        { duration: SLIDE_MS, easing: "ease-out" },
      );
      animation.onfinish = animation.oncancel = () => { node.style.zIndex = z; };
    }
  }

  /** A card turned face up (a flip) shows its face by turning over. */
  turn(node) {
    node.animate([{ transform: "scaleX(0.05)" }, { transform: "none" }], { duration: SLIDE_MS, easing: "ease-out" });
  }
}
