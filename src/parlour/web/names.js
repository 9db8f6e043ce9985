// One name for each seat wherever it is shown (at the table, on the score
// sheet, on the statistics page's chart): the seat's display name, with
// "(you)" after your own; a Spades side is its two seats, yours first.

/** `names`: the four seats' names; `mine`: your seat (null: none). */
export function seatName(names, seat, mine) {
  const name = names[seat];
  if (seat !== mine) return name;
  return name === "You" ? name : `${name} (you)`;
}

/** A Spades side (0: North and South, 1: East and West): "Ada (you) & North", "East & West". */
export function sideName(names, side, mine) {
  const seats = mine != null && mine % 2 === side ? [mine, (mine + 2) % 4] : [side, side + 2];
  return seats.map((seat) => seatName(names, seat, mine)).join(" & ");
}

/**
 * The game's end in those names: "Ada (you) & North win 512 to 347", "West
 * wins with 40 points". `winners`: the winning seats; `scores`: the final
 * score of each side (Spades) or seat (Hearts).
 */
export function winnerLine(game, names, winners, scores, mine) {
  if (!winners?.length) return "";
  if (game === "spades") {
    const side = winners[0] % 2;
    const pair = sideName(names, side, mine);
    return `${pair} win ${scores[side]} to ${scores[1 - side]}`;
  }
  const seat = winners[0];
  const who = seatName(names, seat, mine);
  const points = `${scores[seat]} point${scores[seat] === 1 ? "" : "s"}`;
  return `${who} ${who === "You" ? "win" : "wins"} with ${points}`;
}

/**
 * What the table says while it plays the rest of a hand for everyone, one seat
 * taking every trick left (`view.takes_the_rest`): "West takes every trick
 * left: …", "You take …"; null when no seat does.
 */
export function takesTheRest(view) {
  const seat = view.takes_the_rest;
  if (seat == null) return null;
  const who = seat === view.seat ? "You take" : `${view.seats[seat].name} takes`;
  return `${who} every trick left: the rest of the hand plays itself.`;
}
