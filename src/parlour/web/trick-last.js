// The last trick, on request: its four cards by the seats that played them,
// who led and who won it, in a dialog that gives focus back when closed.

import { cardName, cardSVG } from "/static/cards.js";

/** "You" for the viewer's own seat, else the seat's name. */
export function seatWord(view, seat) {
  return seat === view.seat ? "You" : view.seats[seat].name;
}

export function showLastTrick(view, returnFocusTo) {
  const trick = view.last_trick;
  const dialog = document.createElement("dialog");
  dialog.className = "last-trick";
  dialog.setAttribute("aria-labelledby", "last-trick-title");
  const title = document.createElement("h2");
  title.id = "last-trick-title";
  title.textContent = "Last trick";
  const list = document.createElement("ol");
  list.className = "last-trick-cards";
  trick.cards.forEach((code, i) => {
    const seat = (trick.leader + i) % 4;
    const item = document.createElement("li");
    if (seat === trick.winner) item.className = "won";
    const svg = cardSVG(code);
    svg.setAttribute("aria-hidden", "true");
    const caption = document.createElement("span");
    const notes = [i === 0 ? "led" : "", seat === trick.winner ? "won it" : ""].filter(Boolean).join(", ");
    caption.textContent = `${seatWord(view, seat)}${notes ? ` (${notes})` : ""}`;
    const name = document.createElement("span");
    name.className = "visually-hidden";
    name.textContent = `: ${cardName(code)}`;
    item.append(svg, caption, name);
    list.append(item);
  });
  const summary = document.createElement("p");
  summary.textContent = `${seatWord(view, trick.winner)} won the trick.`;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "primary";
  close.textContent = "Close";
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    dialog.remove();
    returnFocusTo?.focus();
  });
  dialog.append(title, list, summary, close);
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
}
