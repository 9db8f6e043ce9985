// Spades: what the shared trick table needs to know about this game. Bids,
// team scores and bags, the bidding panel, the score sheet.

import { element as html } from "/static/elements.js";
import { openTablePage } from "/static/trick.js";
import { seatName, sideName, takesTheRest, winnerLine } from "/static/names.js";
import { moveFocus } from "/static/trick-hand.js";
import { seatWord } from "/static/trick-last.js";

const TEAM_KEYS = { NS: 0, EW: 1 };
const bidText = (bid) => (bid === "blind nil" ? "blind nil" : bid === 0 ? "nil" : String(bid));
const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** Each seat's bid (null before it bids): `bids` run from the dealer's left. */
function seatBids(view) {
  const first = (view.dealer + 1) % 4;
  return [0, 1, 2, 3].map((seat) => view.bids[(seat - first + 4) % 4] ?? null);
}

const bidding = (view) => view.bids.length < 4;

// Once one seat takes every trick left whatever anyone plays, the table plays
// the rest for everyone.
const playingOut = (view) => (view.playing_out ? takesTheRest(view) : null);

// The scores after the last hand once the game is over (the view's own are
// those the final hand started with).
const finalOr = (view) => (view.over && view.hands.length ? view.hands.at(-1).score : view);

const names = (view) => view.seats.map((seat) => seat.name);
// A side by its seats' names, yours first: "Ada (you) & North".
const teamName = (view, team) => sideName(names(view), team, view.seat);

// Blind Nil is bid before looking at the cards: they stay face down until the
// player chooses to look, remembered per table and hand across reloads.
const seenKey = (view) => `parlour-seen-${view.table}-${view.hand_number}`;
const canBlindNil = (view) => view.legal.includes("bid blind nil");
const looked = (view) => sessionStorage.getItem(seenKey(view)) === "1";

function eventText(view, event) {
  const team = event.team in TEAM_KEYS ? teamName(view, TEAM_KEYS[event.team]) : event.team;
  const who = event.seat != null ? seatName(names(view), event.seat, view.seat) : team;
  const points = event.points != null ? ` (${signed(event.points)})` : "";
  switch (event.type) {
    case "made": return `${team} made ${event.contract}${points}`;
    case "set": return `${team} set: bid ${event.contract}, took ${event.tricks}${points}`;
    case "nil_made": return `${who}'s nil made${points}`;
    case "nil_failed": return `${who}'s nil failed${points}`;
    case "blind_nil_made": return `${who}'s blind nil made${points}`;
    case "blind_nil_failed": return `${who}'s blind nil failed${points}`;
    case "bag_penalty": return `${team} bag penalty${points}`;
    case "boston": return `${team} took all 13: a Boston${points}`;
    default: return `${event.type.replaceAll("_", " ")}${points}`;
  }
}

function handSummary(view, entry) {
  const { points, scores } = entry.score;
  return `Hand ${entry.hand}: ${teamName(view, 0)} ${signed(points[0])}, ${teamName(view, 1)} ${signed(points[1])}; score ${scores[0]} to ${scores[1]}.`;
}

function bidPanel(view, table) {
  const box = html("div", { class: "bid-panel", role: "group", "aria-label": "Your bid" });
  const suggestion = table.suggestion();
  const blind = canBlindNil(view) && !looked(view);
  if (blind) {
    // Enter on arrival looks at the cards: a blind bid is never one keypress away.
    const look = html("button", { type: "button", class: "secondary", text: "See my cards", "data-autofocus": "" });
    look.addEventListener("click", () => {
      sessionStorage.setItem(seenKey(view), "1");
      table.refresh();
    });
    const blindButton = html("button", { type: "button", class: "primary", text: "Blind Nil (±200)", "data-action": "bid blind nil" });
    blindButton.addEventListener("click", () => table.act("bid blind nil"));
    box.append(
      html("p", { text: "You may bid Blind Nil before looking at your cards: take no tricks for 200 points." }),
      html("div", { class: "button-row" }, blindButton, look),
    );
    return box;
  }
  const grid = html("div", { class: "bid-grid" });
  for (const action of view.legal) {
    const words = action.split(" ");
    if (words[0] !== "bid" || action === "bid blind nil") continue;
    const n = words[1] === "nil" ? 0 : Number(words[1]);
    const button = html("button", { type: "button", class: n === 0 ? "bid nil" : "bid", text: n === 0 ? "Nil" : String(n), "data-action": action, tabindex: "-1" });
    if (n === 0) button.setAttribute("aria-label", "Nil: take no tricks");
    if (suggestion === action || (n === 0 && suggestion === "bid nil")) button.classList.add("suggested");
    button.addEventListener("click", () => table.act(action));
    grid.append(button);
  }
  // One tab stop for the grid, on the hint's bid or else the lowest bid but nil;
  // the arrow keys move along a row and between rows.
  const bids = [...grid.children];
  const stop = bids.find((b) => b.classList.contains("suggested")) || bids.find((b) => !b.classList.contains("nil")) || bids[0];
  if (stop) {
    stop.tabIndex = 0;
    stop.dataset.autofocus = "";
  }
  grid.addEventListener("keydown", (event) => moveFocus(event, bids, perRow(bids)));
  box.append(grid);
  return box;
}

// How many bid buttons the grid's layout puts on a row (it wraps on a phone).
function perRow(buttons) {
  const top = buttons[0]?.offsetTop;
  return Math.max(1, buttons.filter((b) => b.offsetTop === top).length);
}

// The summary shown when a hand ends: each side's bids against its tricks,
// points, bags, and what happened (a nil made or failed, a set).
function handOver(view, entry) {
  const s = entry.score;
  const head = html("tr", {}, ...["Side", "Bids", "Tricks", "Points", "Bags"].map((t) => html("th", { scope: "col", text: t })));
  const rows = [0, 1].map((team) => {
    const order = view.seat != null && view.seat % 2 === team ? [view.seat, (view.seat + 2) % 4] : [team, team + 2];
    const bids = order.map((seat) => `${view.seats[seat].name} ${bidText(s.bids[seat])}`).join(", ");
    const tricks = order.map((seat) => s.tricks[seat]).join(" + ");
    return html("tr", { class: view.seat != null && view.seat % 2 === team ? "mine" : "" },
      html("th", { scope: "row", text: teamName(view, team) }),
      html("td", { text: bids }),
      html("td", { class: "num", text: `${tricks} = ${s.tricks[team] + s.tricks[team + 2]}` }),
      html("td", { class: "num", text: `${signed(s.points[team])} → ${s.scores[team]}` }),
      html("td", { class: "num", text: `${s.new_bags[team] ? `+${s.new_bags[team]} → ` : ""}${s.bags[team]}` }));
  });
  const events = s.events.map((e) => html("li", { class: `event event-${e.type}`, text: eventText(view, e) }));
  const body = html("div", { class: "summary-body" },
    html("div", { class: "table-scroll" }, html("table", { class: "sheet summary" }, html("thead", {}, head), html("tbody", {}, ...rows))),
    events.length ? html("ul", { class: "summary-events" }, ...events) : null);
  const team = (view.seat ?? 0) % 2;
  const setEvent = s.events.some((e) => e.type === "set" && TEAM_KEYS[e.team] === team)
    || s.events.some((e) => e.type.endsWith("nil_failed") && e.seat % 2 === team);
  return { body, sound: setEvent || s.points[team] < 0 ? "set" : "made" };
}

const rules = {
  game: "spades",
  suitOrder: "HCDS",

  seatStatus(view, seat) {
    const bid = seatBids(view)[seat];
    if (bidding(view)) return bid == null ? (view.player === seat ? ["bidding…"] : []) : [`bid ${bidText(bid)}`];
    return [`bid ${bidText(bid)}`, `won ${view.tricks_won[seat]}`];
  },

  scoreboard(view) {
    const bids = seatBids(view);
    const { scores, bags } = finalOr(view);
    const teams = [0, 1].map((team) => {
      const mine = [team, team + 2];
      const contract = mine.reduce((sum, s) => sum + (typeof bids[s] === "number" ? bids[s] : 0), 0);
      const won = mine.reduce((sum, s) => sum + view.tricks_won[s], 0);
      const line = bidding(view) ? "" : `bid ${contract}, won ${won}`;
      return html("div", { class: `team${view.seat % 2 === team ? " mine" : ""}` },
        html("span", { class: "team-name", text: teamName(view, team) }),
        html("span", { class: "team-score", text: String(scores[team]) }),
        html("span", { class: "team-detail", text: [`bags ${bags[team]}`, line].filter(Boolean).join(" · ") }));
    });
    const state = html("span", { class: "table-state", text: `Hand ${view.hand_number} · to ${view.options.target}${view.spades_broken ? " · spades broken" : ""}` });
    return html("div", { class: "teams" }, ...teams, state);
  },

  panel(view, table) {
    if (view.legal.some((a) => a.startsWith("bid"))) {
      const last = view.hands.at(-1);
      const box = bidPanel(view, table);
      if (last && view.bids.length < 4) box.prepend(html("p", { class: "last-hand", text: handSummary(view, last) }));
      return box;
    }
    return null;
  },

  winner: (view) => winnerLine("spades", names(view), view.over.seats, finalOr(view).scores, view.seat),

  handOver,
  deciding: bidding,
  selecting: () => false,
  marked: () => new Set(),
  faceDown: (view) => canBlindNil(view) && !looked(view),
  playingOut,

  prompt(view) {
    if (bidding(view)) return "Your bid: how many tricks will you take?";
    return view.trick.length ? "Your turn: follow suit if you can." : "Your lead: play a card.";
  },

  centre(view) {
    return bidding(view) ? "Bidding" : "";
  },

  announce(prev, view) {
    const lines = [];
    if (prev && view.hands.length > prev.hands.length) {
      const last = view.hands.at(-1);
      lines.push(handSummary(view, last), ...last.score.events.map((e) => eventText(view, e)));
    }
    const sameHand = prev && prev.hand_number === view.hand_number;
    const before = sameHand ? prev.bids.length : 0;
    const first = (view.dealer + 1) % 4;
    for (let i = before; i < view.bids.length; i += 1) {
      const seat = (first + i) % 4;
      lines.push(`${seatWord(view, seat)} bid ${bidText(view.bids[i])}.`);
    }
    if (prev && !prev.spades_broken && view.spades_broken) lines.push("Spades are broken.");
    return lines;
  },

  scoreSheet(view) {
    if (!view.hands.length) return html("p", { class: "muted", text: "No hand finished yet." });
    const head = html("tr", {}, html("th", { scope: "col", text: "Hand" }),
      ...[0, 1].map((team) => html("th", { scope: "col", text: teamName(view, team) })));
    const body = view.hands.map((entry) => {
      const s = entry.score;
      const cells = [0, 1].map((team) => {
        // In the order of the side's name: yours first.
        const order = view.seat != null && view.seat % 2 === team ? [view.seat, (view.seat + 2) % 4] : [team, team + 2];
        const bids = order.map((seat) => `${view.seats[seat].name} ${bidText(s.bids[seat])}`).join(", ");
        const tricks = s.tricks[team] + s.tricks[team + 2];
        return html("td", {},
          html("span", { class: "sheet-line", text: `bid ${bids}; won ${tricks}` }),
          html("span", { class: "sheet-line points", text: `${signed(s.points[team])} → ${s.scores[team]}` }),
          html("span", { class: "sheet-line muted", text: `bags ${s.bags[team]}` }));
      });
      const events = s.events.filter((e) => e.type !== "made");
      const row = html("tr", {}, html("th", { scope: "row", text: String(entry.hand) }), ...cells);
      const rows = [row];
      if (events.length) {
        rows.push(html("tr", { class: "events" }, html("td", { colspan: "3" },
          ...events.map((e) => html("span", { class: `event event-${e.type}`, text: eventText(view, e) })))));
      }
      return rows;
    });
    return html("div", { class: "table-scroll" },
      html("table", { class: "sheet" }, html("thead", {}, head), html("tbody", {}, ...body.flat())));
  },
};

openTablePage(rules);
