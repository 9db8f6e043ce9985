// Reading the server's Klondike actions: which of the legal moves a gesture
// means, and how to say a move in words. Legality is the server's: these
// functions only choose among the `legal` list of the view.

import { cardName } from "/static/cards.js";

const RANKS = "A23456789TJQK";
export const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

/** "move T1 T4 3" -> {verb: "move", source: "T1", target: "T4", count: 3}. */
export function parseAction(action) {
  const [verb, source = null, target = null, count = "1"] = action.split(" ");
  if (verb === "flip") return { verb, source, target: null, count: 1 };
  return { verb, source, target, count: Number(count) };
}

/** The legal moves of `count` cards taken from the place `source`. */
export function movesFrom(legal, source, count) {
  return legal.filter((action) => {
    const move = parseAction(action);
    return move.verb === "move" && move.source === source && move.count === count;
  });
}

/** The one sensible place for a tap: a foundation when it takes the card, else the first pile. */
export function sensibleMove(legal, source, count) {
  const moves = movesFrom(legal, source, count);
  return moves.find((action) => parseAction(action).target.startsWith("F")) ?? moves[0] ?? null;
}

/** The legal move of those cards onto `target` ("T5", "FH"), if any. */
export function moveOnto(legal, source, count, target) {
  return movesFrom(legal, source, count).find((action) => parseAction(action).target === target) ?? null;
}

/** The code of the card on top of a foundation holding `count` cards of `suit`. */
export function foundationTop(suit, count) {
  return count > 0 ? RANKS[count - 1] + suit : null;
}

/** The place a pile is called by in notation, in words: "tableau 3", "the hearts foundation". */
export function placeWords(place) {
  if (place === "W") return "the waste";
  if (place === "stock") return "the stock";
  if (place.startsWith("T")) return `tableau ${place.slice(1)}`;
  return `the ${SUIT_WORDS[place[1]]} foundation`;
}

/** The card that sat on top of `place` in `view` (null when empty or face down). */
export function topCard(view, place) {
  if (place === "W") return view.waste.at(-1) ?? null;
  if (place.startsWith("F")) return foundationTop(place[1], view.foundations[place[1]]);
  const pile = view.tableau[Number(place.slice(1)) - 1];
  return pile.face_up.at(-1) ?? null;
}

/** What happened between two views, told for the live region: "8 of hearts to tableau 5". */
export function describe(action, before, after) {
  const move = parseAction(action);
  if (move.verb === "undo") return "Move undone.";
  if (move.verb === "redo") return "Move redone.";
  if (move.verb === "draw") {
    if (after.waste.length < before.waste.length) return "The waste went back to the stock.";
    const drawn = after.waste.slice(-Math.max(1, after.waste.length - before.waste.length));
    return `Drew the ${cardName(drawn.at(-1))}.`;
  }
  if (move.verb === "flip") {
    const card = topCard(after, move.source);
    return card ? `Turned over the ${cardName(card)} on ${placeWords(move.source)}.` : "Card turned over.";
  }
  const first = movedFirstCard(move, before);
  const target = move.target === "F" ? "its foundation" : placeWords(move.target);
  const more = move.count > 1 ? ` and ${move.count - 1} card${move.count > 2 ? "s" : ""} on it` : "";
  return `${first ? `The ${cardName(first)}` : "Cards"}${more} to ${target}.`;
}

function movedFirstCard(move, view) {
  if (!move.source.startsWith("T")) return topCard(view, move.source);
  const pile = view.tableau[Number(move.source.slice(1)) - 1];
  return pile.face_up.at(-move.count) ?? null;
}
