// The four seats around a trick table: where each sits on the screen, and what
// a seat shows (its name, a bot's level, a person away, the turn timer, the
// game's short phrases, the dealer).

import { element as html } from "/static/elements.js";

// Screen places relative to the viewer, who always sits at the bottom; play
// goes clockwise, so the seat after yours sits on your left.
export const PLACES = ["bottom", "left", "top", "right"];
/** The screen place of `seat` for the viewer of `view` (a spectator sees the table as South does). */
export const placeOf = (view, seat) => PLACES[(seat - (view.seat ?? 2) + 4) % 4];

// The turn timer: the seconds left counted down on the seat to act (one at a time).
let timerTick = null;
function timerNote(view, seat) {
  if (!view.timer || view.timer.seat !== seat) return null;
  const ends = performance.now() + view.timer.left * 1000;
  const note = html("span", { class: "seat-timer", role: "timer", "aria-label": "time left" });
  const show = () => {
    const left = Math.max(0, Math.ceil((ends - performance.now()) / 1000));
    note.textContent = `${left} s`;
    note.classList.toggle("short", left <= 10);
  };
  show();
  clearInterval(timerTick);
  timerTick = setInterval(() => (note.isConnected ? show() : clearInterval(timerTick)), 1000);
  return note;
}

function seatNote(view, info, seat, send) {
  if (info.bot && !info.person) return null;
  const notes = [];
  if (info.stand_in) notes.push("away · a bot plays for them");
  else if (info.away) notes.push("away");
  if (!notes.length) return null;
  const note = html("span", { class: "seat-away", text: notes.join(" · ") });
  if (view.host && info.away && !info.you) {
    // The host may give an absent person's seat to a bot for good.
    const give = html("button", { type: "button", class: "secondary give-bot", text: "Give to a bot" });
    give.addEventListener("click", () => send({ type: "seat_bot", seat }));
    return html("span", {}, note, give);
  }
  return note;
}

// Short phrases kept whole, so a narrow seat wraps between them.
function statusParts(phrases) {
  return phrases.flatMap((phrase, i) => [i ? " · " : null, html("span", { text: phrase })]).filter(Boolean);
}

/** Fills the seat's `box` from `view`: `rules.seatStatus` gives its phrases, `send` the host's "Give to a bot". */
export function renderSeat(box, view, seat, { rules, send }) {
  const info = view.seats[seat];
  // While Hearts passes, everyone chooses at once: nobody is "to play".
  const turn = !view.over && !view.passing && view.player === seat;
  box.classList.toggle("turn", turn);
  box.classList.toggle("away", Boolean(info.away));
  const name = seat === view.seat && info.name !== "You" ? `${info.name} (you)` : info.name;
  box.replaceChildren(...[
    html("span", { class: "seat-name", text: name }),
    info.bot ? html("span", { class: "seat-bot", text: `bot · ${info.bot}` }) : null,
    seatNote(view, info, seat, send),
    timerNote(view, seat),
    html("span", { class: "seat-status" }, ...statusParts([...(info.host ? ["host"] : []), ...rules.seatStatus(view, seat)])),
    view.dealer === seat ? html("span", { class: "dealer", title: "dealer", text: "dealer" }) : null,
    turn ? html("span", { class: "visually-hidden", text: "(to play)" }) : null,
  ].filter(Boolean));
}
