// Your hand, fanned along the bottom and sorted by suit then rank. Every card
// is a <button>; only the cards the server lists as legal are enabled. Arrow
// keys move between the enabled cards (one tab stop for the whole hand).
// Focus stays in the hand while you wait (on the hand itself), and lands on a
// playable card when it is your turn again, so Enter plays it.

import { cardLabel, cardSVG } from "/static/cards.js";

const RANKS = "23456789TJQKA";

export function sortHand(cards, suitOrder) {
  return [...cards].sort(
    (a, b) =>
      suitOrder.indexOf(a[1]) - suitOrder.indexOf(b[1]) ||
      RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]),
  );
}

/**
 * Arrow keys, Home and End move focus among `items` (buttons sharing one tab
 * stop); `columns` per row make Up and Down move a row (1: as Left and Right).
 * Returns the button focused, or null when the key is not one of these.
 */
export function moveFocus(event, items, columns = 1) {
  if (!items.length) return null;
  const index = items.indexOf(document.activeElement);
  const steps = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns };
  let next = null;
  if (event.key in steps) {
    const step = steps[event.key];
    const to = index + step;
    // Along a row the ends wrap round; up and down stop at the first and last row.
    next = Math.abs(step) === 1 || columns === 1 ? items[(to + items.length) % items.length] : items[to] ?? items[index];
  } else if (event.key === "Home") next = items[0];
  else if (event.key === "End") next = items[items.length - 1];
  if (!next) return null;
  event.preventDefault();
  for (const item of items) item.tabIndex = item === next ? 0 : -1;
  next.focus();
  return next;
}

export function createHand({ suitOrder, onChoose }) {
  const element = document.createElement("div");
  element.className = "hand";
  element.setAttribute("role", "group");
  element.setAttribute("aria-label", "Your hand");
  element.tabIndex = -1; // holds focus while no card is playable (not a tab stop)
  let focusCode = null;

  element.addEventListener("click", (event) => {
    const button = event.target.closest("button.card");
    if (button && !button.disabled) {
      focusCode = button.dataset.card;
      onChoose(button.dataset.card);
    }
  });

  element.addEventListener("keydown", (event) => {
    const next = moveFocus(event, live());
    if (next) focusCode = next.dataset.card;
  });

  const live = () => [...element.querySelectorAll("button.card:not(:disabled)")];

  function setTabStop(enabled, stop) {
    for (const button of enabled) button.tabIndex = button === stop ? 0 : -1;
  }

  /**
   * cards: the codes held; enabled: a Set of the codes that may be chosen;
   * selected / marked / suggested: Sets of codes shown raised, outlined as
   * just received, and outlined as the hint's choice; faceDown: the cards
   * not yet looked at (Spades, while Blind Nil may still be bid).
   */
  function render({ cards, enabled, selected = new Set(), marked = new Set(), suggested = new Set(), selecting = false, faceDown = false }) {
    const hadFocus = element.contains(document.activeElement);
    const sorted = sortHand(cards, suitOrder);
    element.style.setProperty("--n", String(Math.max(sorted.length, 1)));
    // A phone lays a long hand out in two rows (trick.css): cards per row.
    const perRow = sorted.length > 8 ? Math.ceil(sorted.length / 2) : Math.max(sorted.length, 1);
    element.style.setProperty("--per-row", String(perRow));
    element.replaceChildren();
    if (hadFocus) element.focus({ preventScroll: true }); // not dropped to the page
    if (faceDown) {
      element.classList.remove("choosing");
      element.setAttribute("aria-label", `Your hand: ${sorted.length} cards, face down`);
      element.replaceChildren(...sorted.map(() => {
        const back = document.createElement("div");
        back.className = "card";
        back.append(cardSVG("", { faceDown: true }));
        back.firstChild.setAttribute("aria-hidden", "true");
        return back;
      }));
      return;
    }
    element.setAttribute("aria-label", "Your hand");
    element.classList.toggle("choosing", enabled.size > 0);
    for (const code of sorted) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "card";
      button.dataset.card = code;
      const notes = [];
      if (marked.has(code)) notes.push("just received");
      if (suggested.has(code)) notes.push("suggested");
      button.setAttribute("aria-label", [cardLabel(code), ...notes].join(", "));
      button.disabled = !enabled.has(code);
      if (selecting) button.setAttribute("aria-pressed", String(selected.has(code)));
      button.classList.toggle("selected", selected.has(code));
      button.classList.toggle("received", marked.has(code));
      button.classList.toggle("suggested", suggested.has(code));
      const svg = cardSVG(code);
      svg.setAttribute("aria-hidden", "true");
      button.append(svg);
      element.append(button);
    }
    const stop = tabStop();
    if (stop && hadFocus) stop.focus();
  }

  // The playable card that takes focus: the one last chosen or moved to, else the first.
  function tabStop() {
    const cards = live();
    const stop = cards.find((b) => b.dataset.card === focusCode) || cards[0];
    if (stop) setTabStop(cards, stop);
    return stop ?? null;
  }

  /** Focus into the hand: a playable card, or the hand itself while none is. */
  function focus() {
    (tabStop() ?? element).focus();
  }

  /** Where a card of the hand sits on screen (for the move to the trick). */
  function rectOf(code) {
    return element.querySelector(`button.card[data-card="${code}"]`)?.getBoundingClientRect() ?? null;
  }

  return { element, render, rectOf, focus, playable: () => live().length > 0 };
}

// Keyboard focus across the table's re-renders: the hand and the game's panel
// (bidding, passing, game over) are drawn anew with every view, which would
// drop focus to the page. Before a re-render, where focus is; after it, the
// same control again, else a playable card, else the panel's own choice
// (`data-autofocus`, or its first button), else the hand itself.

/** Where focus is among the table's controls ({action} of a panel button), or null. */
export function focusAmong(hand, panel) {
  const active = document.activeElement;
  if (hand.element.contains(active)) return { action: null };
  if (panel.contains(active)) return { action: active.dataset.action ?? null };
  return null;
}

export function restoreFocus(was, hand, panel) {
  if (!was) return;
  const enabled = (selector) => [...panel.querySelectorAll(selector)].find((b) => !b.disabled);
  const same = was.action && enabled(`[data-action="${CSS.escape(was.action)}"]`);
  const target = same || (hand.playable() ? null : enabled("[data-autofocus]") || enabled("button"));
  if (target) target.focus();
  else hand.focus();
}
