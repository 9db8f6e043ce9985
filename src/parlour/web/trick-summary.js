// The end of a hand: its summary (the game's own table of it, from
// `rules.handOver`), with Continue and "Review this hand", before the next
// deal. At the game's end Continue becomes "See the result".

import { element as html } from "/static/elements.js";
import { seatToken } from "/static/seats.js";
import { play } from "/static/sound.js";
import { dailyComparison } from "/static/trick-daily.js";
import { openReview } from "/static/trick-review.js";

/**
 * Shows the summary of the hand that just ended in `view` inside `container`.
 * `onOpen(dialog)` is told the dialog once it is open (the table closes it when
 * your turn's clock starts). Resolves when the player closes it.
 */
export async function showHandSummary(container, view, rules, { onOpen = () => {} } = {}) {
  const entry = view.hands.at(-1);
  const { body, sound } = rules.handOver(view, entry);
  const over = Boolean(view.over);
  const mine = view.seat != null && over && view.over.seats?.includes(view.seat);
  play(over ? (view.seat == null ? "made" : mine ? "win" : "lose") : sound);
  const title = html("h2", { id: "hand-summary-title", text: `Hand ${entry.hand}${over ? ", the last of the game" : ""}` });
  const next = html("button", { type: "button", class: "primary continue", text: over ? "See the result" : "Continue", autofocus: "" });
  const buttons = html("div", { class: "button-row" }, next);
  if (view.seat != null) {
    const review = html("button", { type: "button", class: "secondary review-hand", text: "Review this hand" });
    review.addEventListener("click", () => openReview(view, entry.hand, rules, seatToken(view.table)));
    buttons.append(review);
  }
  // The daily deal: your score beside the expert's own in your seat (filled in once known).
  const daily = view.daily && entry.hand === 1 ? dailyComparison(view) : null;
  const dialog = html("dialog", { class: "hand-summary", "aria-labelledby": "hand-summary-title" }, title, body, daily, buttons);
  next.addEventListener("click", () => dialog.close());
  container.append(dialog);
  dialog.showModal();
  next.focus();
  onOpen(dialog);
  await new Promise((resolve) => dialog.addEventListener("close", resolve, { once: true }));
  dialog.remove();
}
