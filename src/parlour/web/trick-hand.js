// Your hand, fanned along the bottom and sorted by suit then rank. Every card
// is a <button>; only the cards the server lists as legal are enabled. Arrow
// keys move between the enabled cards (one tab stop for the whole hand).

import { cardName, cardSVG } from "/static/cards.js";

const RANKS = "23456789TJQKA";

export function sortHand(cards, suitOrder) {
  return [...cards].sort(
    (a, b) =>
      suitOrder.indexOf(a[1]) - suitOrder.indexOf(b[1]) ||
      RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]),
  );
}

export function createHand({ suitOrder, onChoose }) {
  const element = document.createElement("div");
  element.className = "hand";
  element.setAttribute("role", "group");
  element.setAttribute("aria-label", "Your hand");
  let focusCode = null;

  element.addEventListener("click", (event) => {
    const button = event.target.closest("button.card");
    if (button && !button.disabled) {
      focusCode = button.dataset.card;
      onChoose(button.dataset.card);
    }
  });

  element.addEventListener("keydown", (event) => {
    const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    const enabled = [...element.querySelectorAll("button.card:not(:disabled)")];
    if (!enabled.length) return;
    const index = enabled.indexOf(document.activeElement);
    let next = null;
    if (event.key in keys) next = enabled[(index + keys[event.key] + enabled.length) % enabled.length];
    else if (event.key === "Home") next = enabled[0];
    else if (event.key === "End") next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    setTabStop(enabled, next);
    next.focus();
    focusCode = next.dataset.card;
  });

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
      button.setAttribute("aria-label", [cardName(code), ...notes].join(", "));
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
    const live = [...element.querySelectorAll("button.card:not(:disabled)")];
    const stop = live.find((b) => b.dataset.card === focusCode) || live[0];
    if (stop) {
      setTabStop(live, stop);
      if (hadFocus) stop.focus();
    }
  }

  /** Where a card of the hand sits on screen (for the move to the trick). */
  function rectOf(code) {
    return element.querySelector(`button.card[data-card="${code}"]`)?.getBoundingClientRect() ?? null;
  }

  return { element, render, rectOf };
}
