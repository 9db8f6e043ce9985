// The keyboard: arrows move among piles and cards, Enter takes a card and
// Enter on a pile puts it there, F sends a card home, D or Space on the stock
// draws, H hints, Ctrl+Z / Ctrl+Y undo and redo, Escape puts a card down.

import { FOUNDATIONS, TABLEAU } from "/static/klondike-board.js";

const TOP_ROW = ["stock", "W", null, ...FOUNDATIONS]; // null: the empty column

/** Where a focused element sits: {place, index} (index -1: the pile itself or its top). */
export function focusedSpot(root) {
  const node = document.activeElement;
  if (!node || !root.contains(node) || !node.dataset.place) return null;
  return { place: node.dataset.place, index: Number(node.dataset.index ?? -1) };
}

/** Puts focus back on a spot after the board was drawn again. */
export function focusSpot(board, spot) {
  if (!spot) return;
  const { pile } = board.pile(spot.place);
  const exact = spot.index >= 0 && pile.querySelector(`.card.live[data-index="${spot.index}"]`);
  (exact || entryOf(board, spot.place))?.focus({ preventScroll: true });
}

function entryOf(board, place) {
  return board.pile(place).pile.querySelector('[tabindex="0"]');
}

/** `actions` holds activate(place, index), home(place, index), draw(), hint(), undo(), redo(), cancel(). */
export function enableKeys(board, actions) {
  board.root.addEventListener("keydown", (event) => {
    const spot = focusedSpot(board.root);
    if (!spot || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    if (key === "Enter" || key === " ") {
      actions.activate(spot.place, spot.index);
    } else if (key === "f" || key === "F") {
      actions.home(spot.place, spot.index);
    } else if (key.startsWith("Arrow")) {
      move(board, spot, key);
    } else {
      return;
    }
    event.preventDefault();
  });

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.target.closest("input, select, textarea, dialog")) return;
    const key = event.key.toLowerCase();
    const command = event.ctrlKey || event.metaKey;
    let act = null;
    if (command && key === "z" && !event.shiftKey) act = actions.undo;
    else if (command && (key === "y" || (key === "z" && event.shiftKey))) act = actions.redo;
    else if (!command && !event.altKey && key === "d") act = actions.draw;
    else if (!command && !event.altKey && key === "h") act = actions.hint;
    else if (key === "escape") act = actions.cancel;
    if (!act) return;
    event.preventDefault();
    act();
  });
}

function move(board, spot, key) {
  const { place, index } = spot;
  const inTableau = place.startsWith("T");
  const column = inTableau ? TABLEAU.indexOf(place) : TOP_ROW.indexOf(place);
  const row = inTableau ? TABLEAU : TOP_ROW;
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const step = key === "ArrowLeft" ? -1 : 1;
    let next = column;
    do next = (next + step + row.length) % row.length; while (!row[next]);
    entryOf(board, row[next])?.focus();
    return;
  }
  const cards = [...board.pile(place).pile.querySelectorAll(".card.live")];
  const at = cards.findIndex((node) => Number(node.dataset.index) === index);
  if (key === "ArrowUp") {
    if (inTableau && at > 0) cards[at - 1].focus();
    else if (inTableau) entryOf(board, TOP_ROW[column] ?? "W")?.focus();
  } else if (key === "ArrowDown") {
    if (inTableau && at >= 0 && at < cards.length - 1) cards[at + 1].focus();
    else if (!inTableau) entryOf(board, TABLEAU[column])?.focus();
  }
}
