// Hearts: what the shared trick table needs to know about this game. The
// pass of three cards, points per seat, hearts broken, the moon, the score
// sheet (lowest score wins).

import { cardName, suitSymbol } from "/static/cards.js";
import { element as html } from "/static/elements.js";
import { openTablePage } from "/static/trick.js";
import { seatName, takesTheRest, winnerLine } from "/static/names.js";

// Where the pass goes, counted clockwise from the passer.
const PASS_OFFSET = { left: 1, across: 2, right: 3 };
const shortName = (code) => `${code[0] === "T" ? "10" : code[0]}${suitSymbol(code[1])}`;

const passTarget = (view) => (view.seat + PASS_OFFSET[view.pass]) % 4;
const passSource = (view) => (view.seat - PASS_OFFSET[view.pass] + 4) % 4;
const choosingPass = (view) => view.passing && view.legal.some((a) => a.startsWith("pass"));
// Every card that scores is taken, or one seat takes every trick left: the
// table plays the rest of the hand itself.
const NO_POINTS_LEFT = "No points are left: the rest of the hand plays itself.";
const playingOut = (view) => (view.playing_out ? takesTheRest(view) ?? NO_POINTS_LEFT : null);
// Cards just received stay outlined until you play your first card.
const freshlyReceived = (view) => view.received.length > 0 && view.hand.length + view.passed.length - view.received.length === 13;

// The scores so far: at game over, those after the last hand (the view's own
// are those the final hand started with).
const totals = (view) => (view.over && view.hands.length ? view.hands.at(-1).score.scores : view.scores);

function moonText(view, entry) {
  const seat = entry.score.moon;
  return seat == null ? "" : `${nameOf(view, seat)} shot the moon!`;
}

// Each seat by its one name: "Ada (you)" for yours, as at the table.
const nameOf = (view, seat) => seatName(view.seats.map((s) => s.name), seat, view.seat);

function handSummary(view, entry) {
  const parts = entry.score.gained.map((n, seat) => `${nameOf(view, seat)} ${n}`);
  return `Hand ${entry.hand}: ${parts.join(", ")}.`;
}

// The prompt above says where the three cards go; the panel shows which are
// chosen and the button that sends them.
function passPanel(view, table) {
  const chosen = [...table.selected];
  const button = html("button", { type: "button", class: "primary", text: `Pass ${view.pass}`, "data-action": "pass" });
  button.disabled = chosen.length !== 3;
  button.addEventListener("click", () => table.act(`pass ${chosen.join(" ")}`));
  const picked = chosen.length ? `Chosen: ${chosen.map(shortName).join(" ")} (${chosen.length} of 3)` : "None chosen yet (0 of 3).";
  const list = html("p", { class: "pass-chosen", "aria-live": "polite", text: picked });
  return html("div", { class: "pass-panel", role: "group", "aria-label": `Pass three cards ${view.pass}` },
    list,
    html("div", { class: "button-row" }, button));
}

// The summary shown when a hand ends: the points each seat took, the moon.
function handOver(view, entry) {
  const s = entry.score;
  const head = html("tr", {}, ...["Player", "Took", "This hand", "Total"].map((t) => html("th", { scope: "col", text: t })));
  const rows = [0, 1, 2, 3].map((seat) => html("tr", { class: seat === view.seat ? "mine" : "" },
    html("th", { scope: "row", text: nameOf(view, seat) }),
    html("td", { class: "num", text: String(s.points[seat]) }),
    html("td", { class: "num", text: s.gained[seat] > 0 ? `+${s.gained[seat]}` : String(s.gained[seat]) }),
    html("td", { class: "num", text: String(s.scores[seat]) })));
  const moon = moonText(view, entry);
  const body = html("div", { class: "summary-body" },
    html("div", { class: "table-scroll" }, html("table", { class: "sheet summary" }, html("thead", {}, head), html("tbody", {}, ...rows))),
    moon ? html("p", { class: "summary-moon", text: moon }) : null);
  // A hand is yours when you took the fewest points of the four.
  const mine = view.seat ?? 0;
  const best = Math.min(...s.gained);
  return { body, sound: s.gained[mine] === best ? "made" : "set" };
}

const rules = {
  game: "hearts",
  suitOrder: "CDSH",

  seatStatus(view, seat) {
    return [`hand ${view.points[seat]}`, `total ${totals(view)[seat]}`];
  },

  scoreboard(view) {
    const pass = view.pass === "none" ? "no passing" : `passing ${view.pass}`;
    const broken = html("span", { class: `table-state${view.hearts_broken ? " broken" : ""}`,
      text: view.hearts_broken ? `${suitSymbol("H")} Hearts broken` : "Hearts not broken" });
    return html("div", { class: "teams" },
      html("span", { class: "table-state", text: `Hand ${view.hand_number} · ${pass} · to ${view.options.target}` }),
      broken);
  },

  panel(view, table) {
    if (choosingPass(view)) return passPanel(view, table);
    if (view.passing && view.passed.length) {
      return html("p", { class: "pass-direction", text: `You passed ${view.passed.map(shortName).join(" ")} to ${view.seats[passTarget(view)].name}. Waiting for the others…` });
    }
    const last = view.hands.at(-1);
    const lines = [];
    if (last && view.plays.length === 0) {
      lines.push(html("p", { class: "last-hand", text: `${handSummary(view, last)} ${moonText(view, last)}`.trim() }));
    }
    if (view.pass === "none" && view.plays.length < 4) {
      lines.push(html("p", { class: "pass-direction", text: "No passing this hand." }));
    } else if (freshlyReceived(view)) {
      lines.push(html("p", { class: "received-line", text: `You received ${view.received.map(shortName).join(" ")} from ${view.seats[passSource(view)].name}.` }));
    }
    return lines.length ? html("div", {}, ...lines) : null;
  },

  winner: (view) => winnerLine("hearts", view.seats.map((s) => s.name), view.over.seats, totals(view), view.seat),

  handOver,
  deciding: (view) => view.passing,
  selecting: choosingPass,
  marked: (view) => new Set(freshlyReceived(view) ? view.received : []),

  playingOut,

  prompt(view) {
    if (choosingPass(view)) return `Pass three cards ${view.pass}, to ${view.seats[passTarget(view)].name}.`;
    return view.trick.length ? "Your turn: follow suit if you can." : "Your lead: play a card.";
  },

  centre(view) {
    if (view.passing) return view.pass === "none" ? "" : `Passing ${view.pass}`;
    return "";
  },

  announce(prev, view) {
    const lines = [];
    if (prev && view.hands.length > prev.hands.length) {
      const last = view.hands.at(-1);
      lines.push(handSummary(view, last));
      if (last.score.moon != null) lines.push(moonText(view, last));
    }
    if (view.received.length && !prev?.received.length) {
      lines.push(`You received ${view.received.map(cardName).join(", ")}.`);
    }
    if (prev && !prev.hearts_broken && view.hearts_broken) lines.push("Hearts are broken.");
    return lines;
  },

  scoreSheet(view) {
    if (!view.hands.length) return html("p", { class: "muted", text: "No hand finished yet." });
    const names = view.seats.map((_, seat) => nameOf(view, seat));
    const head = html("tr", {}, html("th", { scope: "col", text: "Hand" }),
      ...names.map((name) => html("th", { scope: "col", class: "num", text: name })));
    const rows = view.hands.flatMap((entry) => {
      const s = entry.score;
      const row = html("tr", {}, html("th", { scope: "row", text: String(entry.hand) }),
        ...s.gained.map((n, seat) => html("td", { class: "num" },
          html("span", { class: "sheet-line points", text: n > 0 ? `+${n}` : String(n) }),
          html("span", { class: "sheet-line muted", text: String(s.scores[seat]) }))));
      if (s.moon == null) return [row];
      row.classList.add("has-events");
      return [row, html("tr", { class: "events" }, html("td", { colspan: "5" },
        html("span", { class: "event event-moon", text: moonText(view, entry) })))];
    });
    const total = html("tr", { class: "total" }, html("th", { scope: "row", text: "Total" }),
      ...totals(view).map((n) => html("td", { class: "num", text: String(n) })));
    return html("div", { class: "table-scroll" },
      html("table", { class: "sheet" }, html("thead", {}, head), html("tbody", {}, ...rows, total)),
      html("p", { class: "muted", text: `Lowest score wins when someone reaches ${view.options.target}.` }));
  },
};

openTablePage(rules);
