// The statistics page: games played and won, best Klondike games, and a chart
// of each finished trick game's score, hand by hand.

import { scoreChart } from "/static/chart.js";
import { calendarDate, clockTime, toDate } from "/static/dates.js";
import { seatName, sideName, winnerLine } from "/static/names.js";

const GAME_NAMES = { spades: "Spades", hearts: "Hearts", klondike: "Klondike" };

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

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
    card.append(figures, bar);
    if (counts.unfinished) card.append(element("p", { class: "muted", text: `${counts.unfinished} more in play` }));
    return card;
  });
  place.replaceChildren(...cards);
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
  showTotals(stats.games);
  showBest(stats.klondike_best);
  showCharts(stats.charts);
  await showPlayer(stats);
}

main();
