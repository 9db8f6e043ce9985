// The daily deal at a Spades or Hearts table: after its hand, your score beside
// the expert's own on the same cards in your seat. (Filled in by the daily
// deal's work: until then, an empty place in the hand's summary.)

/** An element for the hand's summary of a daily deal's table `view`. */
export function dailyComparison(view) {
  const box = document.createElement("p");
  box.className = "daily-comparison";
  box.dataset.day = view.daily;
  return box;
}
