// Tables with friends, around the game itself: the waiting room (seats, the
// invite link and code, Start for the host), the way in for someone holding
// only a link (take a seat, watch, or go home), the draw for partners and the
// first dealer, reactions, and what the server says about who is away.

import { cardName } from "/static/cards.js";
import { goToTable } from "/static/seats.js";
// (trick.js imports this module too: html is only called once both are loaded)
import { element as html } from "/static/elements.js";

const SEATS = ["North", "East", "South", "West"];
const NAME_KEY = "parlour.name";

export function rememberedName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch {
    return "";
  }
}

function rememberName(name) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // storage refused: asked again next time
  }
}

async function errorOf(response) {
  try {
    return (await response.json()).error || `${response.status} ${response.statusText}`;
  } catch {
    return `${response.status} ${response.statusText}`;
  }
}

/** Take a seat (a number, or null for any free one) at `table` under `name`. */
export async function takeSeat(table, seat, name) {
  const response = await fetch(`/api/tables/${encodeURIComponent(table)}/seats`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ seat, name }),
  });
  if (!response.ok) throw new Error(await errorOf(response));
  rememberName(name);
  goToTable(await response.json());
}

function nameField(id) {
  const input = html("input", { id, type: "text", maxlength: "24", autocomplete: "nickname", required: "" });
  input.value = rememberedName();
  return { input, row: html("div", { class: "field" }, html("label", { for: id, text: "Your name" }), input) };
}

function copyButton(label, text) {
  const button = html("button", { type: "button", class: "secondary", text: label });
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "Copied";
    } catch {
      button.textContent = "Select and copy it";
    }
  });
  return button;
}

/** "Share…" where the device can share (phones, mostly): the link and the code to
 * a messaging app in one step. Elsewhere nothing: the copy buttons do. */
function shareButton(view, link, code) {
  if (typeof navigator.share !== "function") return null;
  const game = `${view.game.charAt(0).toUpperCase()}${view.game.slice(1)}`;
  const button = html("button", { type: "button", class: "secondary share", text: "Share…" });
  button.addEventListener("click", async () => {
    try {
      await navigator.share({ title: `${game} at Parlour`, text: `Come and play ${game} at my table: the code is ${code}.`, url: link });
    } catch {
      // closed without sharing, or not allowed here: the link and code are there to copy
    }
  });
  return button;
}

/** The invite: a link and a code to read out, each with a copy button. */
export function invitePanel(view) {
  const code = view.hosting?.code;
  if (!code) return null;
  const link = `${location.origin}/${view.game}/${view.table}`;
  const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
  return html("div", { class: "invite" },
    html("h3", { text: "Invite your friends" }),
    html("p", {}, "Send the link, or read out the code: they type it on the home page."),
    html("div", { class: "invite-row" },
      html("input", { class: "invite-link", type: "text", readonly: "", value: link, "aria-label": "Invite link" }),
      copyButton("Copy link", link), shareButton(view, link, code)),
    html("div", { class: "invite-row" },
      html("span", { class: "invite-code", "aria-label": `Invite code ${code.split("").join(" ")}`, text: spaced }),
      copyButton("Copy code", code)));
}

function presenceText(info) {
  if (info.free) return "free";
  if (info.bot && !info.person) return `bot · ${info.bot}`;
  if (info.stand_in) return "away · a bot plays for them";
  if (info.away) return "away";
  return "here";
}

/** A seated name, with "(you)" and who hosts: "Ada (you, host)". */
function nameWith(info) {
  const marks = [info.you ? "you" : null, info.host ? "host" : null].filter(Boolean);
  return marks.length ? `${info.name} (${marks.join(", ")})` : info.name;
}

/** Before the game: who sits where, free seats to take, Start for the host. */
export function waitingRoom(view, { send, problem }) {
  const seated = view.seat != null;
  const list = html("ul", { class: "room-seats" });
  view.seats.forEach((info, seat) => {
    const row = html("li", { class: `room-seat${info.you ? " mine" : ""}` },
      html("span", { class: "room-place", text: SEATS[seat] }),
      html("span", { class: "room-name", text: info.free ? "—" : nameWith(info) }),
      html("span", { class: `room-presence presence-${info.free ? "free" : info.away ? "away" : "here"}`, text: presenceText(info) }));
    if (info.free && !seated) {
      const sit = html("button", { type: "button", class: "primary", text: `Sit ${SEATS[seat]}` });
      sit.addEventListener("click", () => sitHere(seat, sit));
      row.append(sit);
    }
    if (view.host && info.person && info.away && !info.you) {
      // Someone who sat and went: the host may free the seat for another.
      const release = html("button", { type: "button", class: "secondary free-seat", text: "Free the seat" });
      release.addEventListener("click", () => {
        release.disabled = true;
        send({ type: "seat_bot", seat });
      });
      row.append(release);
    }
    list.append(row);
  });
  const free = view.seats.filter((info) => info.free).length;
  const box = html("section", { class: "waiting-room panel", "aria-labelledby": "room-title" },
    html("h2", { id: "room-title", text: "Waiting for players" }),
    html("p", { class: "room-rules", text: roomRules(view) }),
    list);
  let name = null;
  if (!seated) {
    name = nameField("room-name");
    box.insertBefore(name.row, list);
  }
  if (seated) box.append(invitePanel(view));
  const actions = html("div", { class: "button-row" });
  if (view.host) {
    const start = html("button", { type: "button", class: "primary start", text: free ? `Start: bots take the ${free} free seat${free === 1 ? "" : "s"}` : "Start" });
    start.addEventListener("click", () => {
      start.disabled = true;
      send({ type: "start" });
    });
    actions.append(start);
  } else if (seated) {
    box.append(html("p", { class: "muted", text: "The host starts the game once everyone is seated." }));
  }
  if (seated) {
    // Leaving frees the seat: to sit in another, or to go.
    const leave = html("button", { type: "button", class: "secondary leave-seat", text: "Leave this seat" });
    leave.addEventListener("click", () => {
      if (view.host && view.seats.some((info) => info.person && !info.you)
          && !confirm("Leave your seat? The next person at the table hosts it then.")) return;
      leave.disabled = true;
      send({ type: "leave" });
    });
    actions.append(leave);
  }
  if (actions.childElementCount) box.append(actions);
  box.append(problem);

  async function sitHere(seat, button) {
    const chosen = name.input.value.trim();
    if (!chosen) {
      problem.textContent = "Your name first: the others see it at the table.";
      name.input.focus();
      return;
    }
    button.disabled = true;
    try {
      await takeSeat(view.table, seat, chosen);
    } catch (failure) {
      problem.textContent = failure.message;
      button.disabled = false;
    }
  }
  return box;
}

function roomRules(view) {
  const h = view.hosting;
  const parts = [];
  if (view.game === "spades") parts.push(h.partners === "draw" ? "partners drawn by the cards" : "partners sit opposite");
  parts.push("the first dealer drawn by the cards");
  parts.push(h.turn_timer ? `${h.turn_timer} s a turn` : "no turn timer");
  parts.push(`a ${h.level} bot plays for anyone away over ${h.grace} s`);
  if (h.hints === false) parts.push("no hints");
  if (h.watchable) parts.push("spectators welcome");
  if (h.listed) parts.push("listed in the lobby");
  const text = parts.join(" · ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The draw, in words: each card, the partners and the first dealer. */
export function drawText(view) {
  const draw = view.draw;
  if (!draw) return "";
  const name = (seat) => view.seats[seat].name;
  const cards = draw.cards.map((entry) => `${entry.name} drew the ${cardName(entry.card)}`).join(", ");
  const partners = draw.partners
    ? ` Partners: ${draw.partners.map((team) => team.map(name).join(" and ")).join("; ")}.`
    : "";
  return `${cards}.${partners} ${name(draw.first_dealer)} deals first.`;
}

/**
 * Someone at a table they cannot enter as they are: say why and what they may
 * do. `summary` is GET /api/tables/{id} (or null when there is no such table).
 */
export function entryPanel(summary, reason, { watch }) {
  const box = html("section", { class: "panel entry", "aria-labelledby": "entry-title" });
  const home = html("a", { class: "button-link", href: "/", text: "Go home" });
  if (!summary) {
    box.append(html("h2", { id: "entry-title", text: "No table here" }),
      html("p", { text: reason || "There is no table with this link: it may have been mistyped." }),
      html("div", { class: "button-row" }, home));
    return box;
  }
  const sentence = reason ? `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`.replace(/\.\.$/, ".") : "";
  const title = !summary.friends ? "This game is someone else's"
    : summary.status === "waiting" ? "Take a seat" : "This table is not yours yet";
  box.append(html("h2", { id: "entry-title", text: title }),
    html("p", { text: sentence }));
  const problem = html("p", { class: "error", role: "alert" });
  const takeable = summary.seats.filter((seat) => seat.takeable);
  const row = html("div", { class: "button-row" });
  if (summary.friends && takeable.length && summary.status !== "over") {
    const name = nameField("entry-name");
    box.append(name.row);
    for (const seat of takeable) {
      const label = seat.free ? `Sit ${SEATS[seat.seat]}` : `Take over from the bot (${SEATS[seat.seat]})`;
      const button = html("button", { type: "button", class: "primary", text: label });
      button.addEventListener("click", async () => {
        if (!name.input.value.trim()) {
          problem.textContent = "Your name first: the others see it at the table.";
          name.input.focus();
          return;
        }
        button.disabled = true;
        try {
          await takeSeat(summary.table, seat.seat, name.input.value.trim());
        } catch (failure) {
          problem.textContent = failure.message;
          button.disabled = false;
        }
      });
      row.append(button);
    }
  }
  if (summary.watchable) {
    const watchButton = html("button", { type: "button", class: "secondary", text: "Watch" });
    watchButton.addEventListener("click", watch);
    row.append(watchButton);
  }
  row.append(html("a", { class: "button-link", href: `/${summary.game}`, text: "Start a game of your own" }), home);
  box.append(row, problem);
  return box;
}

export const REACTIONS = [
  ["well_played", "Well played"], ["good_game", "Good game"], ["oops", "Oops"],
  ["thanks", "Thanks"], ["your_turn", "Your turn"],
];

/** The quick reactions, for a seated person at a table with friends. */
export function reactionBar(send) {
  const bar = html("div", { class: "reactions", role: "group", "aria-label": "Quick reactions" });
  for (const [value, label] of REACTIONS) {
    const button = html("button", { type: "button", class: "reaction", text: label });
    button.addEventListener("click", () => send({ type: "react", reaction: value }));
    bar.append(button);
  }
  return bar;
}
