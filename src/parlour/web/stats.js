// The statistics page: games played and won with streaks, averages, Klondike
// by draw, best Klondike games, a chart of each finished trick game's score,
// hand by hand, and a reset (after a confirmation) that starts them again.

import { scoreChart } from "/static/chart.js";
import { calendarDate, clockTime, toDate } from "/static/dates.js";
import { element } from "/static/elements.js";
import { seatName, sideName, winnerLine } from "/static/names.js";

const GAME_NAMES = { spades: "Spades", hearts: "Hearts", klondike: "Klondike" };

function emptyState(text, game) {
  const note = element("p", { class: "empty" }, `${text} `);
  note.append(element("a", { href: `/${game}`, text: `Play ${GAME_NAMES[game]}` }));
  return note;
}

function showTotals(games) {
  const place = document.getElementById("totals");
  const cards = Object.entries(GAME_NAMES).map(([game, name]) => {
    const counts = games?.[game] ?? { played: 0, won: 0 };
    const card = element("article", { class: "total panel", "aria-labelledby": `total-${game}` });
    card.append(element("h3", { id: `total-${game}`, text: name }));
    if (!counts.played) {
      card.append(emptyState("No games yet —", game));
      if (counts.unfinished) card.append(element("p", { class: "muted", text: `${counts.unfinished} in play` }));
      return card;
    }
    const rate = Math.round((100 * counts.won) / counts.played);
    const figures = element("dl", { class: "figures" });
    for (const [label, value] of [["Played", counts.played], ["Won", counts.won], ["Win rate", `${rate}%`]]) {
      figures.append(element("div", {}, element("dt", { text: label }), element("dd", { text: String(value) })));
    }
    const bar = element("div", { class: "rate-bar", "aria-hidden": "true" });
    bar.append(element("span", { style: `width: ${rate}%` }));
    const streak = element("dl", { class: "streaks" });
    for (const [label, value] of [["Streak now", counts.current ?? 0], ["Best streak", counts.best ?? 0]]) {
      streak.append(element("div", {}, element("dt", { text: label }), element("dd", { text: winsText(value) })));
    }
    card.append(figures, bar, streak);
    if (counts.unfinished) card.append(element("p", { class: "muted", text: `${counts.unfinished} more in play` }));
    return card;
  });
  place.replaceChildren(...cards);
}

function winsText(count) {
  return `${count} win${count === 1 ? "" : "s"}`;
}

const shown = (value, unit = "") => (value === null || value === undefined ? "—" : `${value}${unit}`);

function showAverages(averages) {
  const place = document.getElementById("averages");
  const rows = [
    ["Spades", "points a hand, your side", averages?.spades?.points_per_hand, `over ${averages?.spades?.hands ?? 0} hands`],
    ["Hearts", "points a hand (fewer is better)", averages?.hearts?.points_per_hand, `over ${averages?.hearts?.hands ?? 0} hands`],
    ["Klondike", "moves a win", averages?.klondike?.moves, `over ${winsText(averages?.klondike?.won ?? 0)}`],
    ["Klondike", "time a win", averages?.klondike?.seconds === null || averages?.klondike?.seconds === undefined
      ? null : clockTime(averages.klondike.seconds), `over ${winsText(averages?.klondike?.won ?? 0)}`],
  ];
  place.replaceChildren(...rows.map(([game, what, value, over]) => {
    const card = element("article", { class: "average panel" });
    card.append(element("p", { class: "average-game", text: game }),
      element("p", { class: "average-value", text: shown(value) }),
      element("p", { class: "muted", text: `${what}${value === null || value === undefined ? "" : `, ${over}`}` }));
    return card;
  }));
}

function showDraws(draws) {
  const place = document.getElementById("draws");
  const table = element("table", { "aria-labelledby": "draws-title" });
  table.innerHTML = '<thead><tr><th scope="col">Draw</th><th scope="col" class="num">Played</th><th scope="col" class="num">Won</th>'
    + '<th scope="col" class="num">Win rate</th><th scope="col" class="num">Streak now</th><th scope="col" class="num">Best streak</th>'
    + '<th scope="col" class="num">Moves a win</th><th scope="col" class="num">Time a win</th></tr></thead>';
  const body = table.createTBody();
  for (const draw of ["1", "3"]) {
    const d = draws?.[draw] ?? { played: 0, won: 0, current: 0, best: 0, moves: null, seconds: null };
    const row = body.insertRow();
    row.append(element("th", { scope: "row", text: `Draw ${draw}` }));
    const rate = d.played ? `${Math.round((100 * d.won) / d.played)}%` : "—";
    for (const value of [d.played, d.won, rate, d.current, d.best, shown(d.moves), d.seconds === null ? "—" : clockTime(d.seconds)]) {
      row.append(element("td", { class: "num", text: String(value) }));
    }
  }
  const box = element("div", { class: "panel" });
  box.append(element("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-labelledby": "draws-title" }, table));
  place.replaceChildren(box);
}

function bestTable(title, id, games) {
  const box = element("div", { class: "best-list panel" });
  box.append(element("h3", { id, text: title }));
  const table = element("table", { "aria-labelledby": id });
  table.innerHTML = '<thead><tr><th scope="col" class="num">#</th><th scope="col" class="num">Moves</th>'
    + '<th scope="col" class="num">Time</th><th scope="col" class="num">Draw</th><th scope="col">Date</th></tr></thead>';
  const body = table.createTBody();
  games.forEach((game, i) => {
    const row = body.insertRow();
    const rank = element("th", { scope: "row", class: "num", text: String(i + 1) });
    row.append(rank);
    for (const value of [game.moves, clockTime(game.seconds), game.draw ?? 1]) {
      row.append(element("td", { class: "num", text: String(value) }));
    }
    const when = element("time", { datetime: toDate(game.finished)?.toISOString() ?? "", text: calendarDate(game.finished) });
    row.insertCell().append(when);
  });
  // Focusable, so a table wider than a phone can be scrolled from the keyboard.
  box.append(element("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-labelledby": id }, table));
  return box;
}

function showBest(best) {
  const place = document.getElementById("best");
  const byMoves = best?.moves ?? [];
  const byTime = best?.time ?? [];
  if (!byMoves.length && !byTime.length) {
    place.replaceChildren(emptyState("No Klondike game won yet — your fewest moves and fastest wins will be kept here.", "klondike"));
    return;
  }
  place.replaceChildren(bestTable("Fewest moves", "best-moves", byMoves), bestTable("Fastest", "best-time", byTime));
}

// The seats' names as the table showed them, "(you)" after yours: a side in
// Spades ("Ada (you) & North"), a seat in Hearts.
function chartLabels(chart) {
  if (chart.names) {
    return chart.game === "spades"
      ? [0, 1].map((side) => sideName(chart.names, side, chart.you))
      : chart.names.map((_, seat) => seatName(chart.names, seat, chart.you));
  }
  if (chart.seat === undefined || chart.seat === null) return chart.labels;
  const mine = chart.game === "spades" ? chart.seat % 2 : chart.seat;
  return chart.labels.map((label, i) => (i === mine ? `${label} (you)` : label));
}

function showCharts(charts) {
  const place = document.getElementById("charts");
  const games = (charts ?? []).filter((chart) => chart.hands?.length).reverse();
  if (!games.length) {
    const note = element("p", { class: "empty", text: "No finished game of Spades or Hearts yet — play one and its scores will be drawn here, hand by hand. " });
    note.append(element("a", { href: "/spades", text: "Play Spades" }), " or ", element("a", { href: "/hearts", text: "Play Hearts" }));
    place.replaceChildren(note);
    return;
  }
  // Two charts side by side on a wide screen, one on a narrow one (see stats.css).
  const width = place.clientWidth >= 720 ? (place.clientWidth - 24) / 2 : place.clientWidth;
  place.replaceChildren(...games.map((chart) => {
    const result = chart.won === undefined ? "" : chart.won ? " — won" : " — lost";
    const title = `${GAME_NAMES[chart.game] ?? chart.game}, ${calendarDate(chart.finished)}${result}`;
    const figure = scoreChart({ title, labels: chartLabels(chart), hands: chart.hands, target: chart.target ?? null, width });
    const winner = chart.names ? winnerLine(chart.game, chart.names, chart.winners, chart.hands.at(-1), chart.you) : chart.winner;
    if (winner) figure.append(element("p", { class: "chart-winner", text: winner }));
    if (chart.table) {
      // The finished game's table: its score sheet offers a review of every hand.
      const review = element("a", { href: `/${chart.game}/${encodeURIComponent(chart.table)}`, text: "Review its hands" });
      figure.append(element("p", { class: "chart-review" }, review));
    }
    return figure;
  }));
}

async function showPlayer(stats) {
  let name = stats.player?.name;
  if (!name) {
    const response = await fetch("/api/me");
    if (response.ok) name = (await response.json()).name;
  }
  // "You" is the name everyone starts with: nothing to show until it is changed.
  if (name && name !== "You") document.getElementById("stats-player").textContent = `Playing as ${name}, on this computer.`;
}

function showLost(lost) {
  const place = document.getElementById("lost");
  if (!lost?.length) {
    place.replaceChildren(element("p", { class: "empty", text: "No Klondike deal lost yet." }));
    return;
  }
  const list = element("ul", { class: "lost-list" });
  for (const deal of lost) {
    const how = deal.given_up ? "given up" : "no moves left";
    const link = element("a", { href: `/klondike/${deal.table}`, text: "What lost it?" });
    link.setAttribute("aria-label", `What lost the deal of ${calendarDate(deal.finished)}?`);
    list.append(element("li", {}, element("span", { text: `${calendarDate(deal.finished)}, draw ${deal.draw}, ${how} after ${deal.moves} moves — ` }), link));
  }
  place.replaceChildren(list);
}

function showAll(stats) {
  showTotals(stats.games);
  showAverages(stats.averages);
  showDraws(stats.klondike_draws);
  showBest(stats.klondike_best);
  showLost(stats.klondike_lost);
  showCharts(stats.charts);
}

const confirm = document.getElementById("confirm-reset");
document.getElementById("reset").addEventListener("click", () => confirm.showModal());
document.getElementById("reset-no").addEventListener("click", () => confirm.close());
document.getElementById("reset-yes").addEventListener("click", async () => {
  confirm.close();
  const done = document.getElementById("reset-done");
  done.hidden = false;
  try {
    const response = await fetch("/api/stats/reset", { method: "POST" });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.error || response.statusText);
    showAll(answer);
    done.textContent = "Your statistics start again from now.";
  } catch (problem) {
    done.textContent = `Nothing was reset: ${problem.message}.`;
  }
});

async function main() {
  let stats;
  try {
    const response = await fetch("/api/stats");
    if (!response.ok) throw new Error(String(response.status));
    stats = await response.json();
  } catch {
    document.getElementById("totals").replaceChildren(element("p", { class: "error", text: "The statistics could not be loaded. Is Parlour still running?" }));
    return;
  }
  showAll(stats);
  await showPlayer(stats);
}

main();
