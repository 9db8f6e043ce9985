// The daily deal on the Klondike page: today's deal (draw 1 and draw 3), the
// same cards for everyone and one try each, with the day's best on this server
// by moves and by time. The server deals it and keeps the table of the best.

import { clockTime } from "/static/dates.js";
import { element } from "/static/elements.js";
import { goToTable } from "/static/seats.js";

const dailyKey = (table) => `parlour.daily.${table}`;

/** The day and draw of a daily deal's table, as this browser was dealt it (else null). */
export function dailyOf(table) {
  try {
    return JSON.parse(localStorage.getItem(dailyKey(table)));
  } catch {
    return null;
  }
}

function rememberDaily(table, day, draw) {
  try {
    localStorage.setItem(dailyKey(table), JSON.stringify({ day, draw }));
  } catch {
    // not kept: the table plays as any other
  }
}

/** "Tuesday, 1 December" */
export function dayWords(day, weekday = true) {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { weekday: weekday ? "long" : undefined, day: "numeric", month: "long" });
}

/** Where the player stands with today's deal of one draw, in words. */
function yoursText(yours) {
  if (!yours) return "Not played yet today.";
  if (yours.status === "playing") return "You have begun it: go on where you left it.";
  if (yours.won) return `You won it in ${yours.moves} moves and ${clockTime(yours.seconds)}.`;
  return "You did not win it today: try again tomorrow.";
}

/** "You" is everyone's name until they choose one: only the player is called so here. */
function playerName(row) {
  if (row.name === "You") return row.you ? "You" : "A player";
  return row.you ? `${row.name} (you)` : row.name;
}

function bestTable(caption, rows, id) {
  const table = element("table", { id });
  table.append(element("caption", { text: caption }));
  table.innerHTML += '<thead><tr><th scope="col" class="num">#</th><th scope="col">Player</th>'
    + '<th scope="col" class="num">Moves</th><th scope="col" class="num">Time</th></tr></thead>';
  const body = table.createTBody();
  rows.forEach((row, i) => {
    const line = body.insertRow();
    line.append(element("th", { scope: "row", class: "num", text: String(i + 1) }));
    line.insertCell().textContent = playerName(row);
    for (const value of [row.moves, clockTime(row.seconds)]) line.append(element("td", { class: "num", text: String(value) }));
  });
  return table;
}

function drawPanel(draw, standing, refuse) {
  const panel = element("article", { class: "panel daily-draw", "aria-labelledby": `daily-draw-${draw}` });
  panel.append(element("h3", { id: `daily-draw-${draw}`, text: `Draw ${draw}` }));
  panel.append(element("p", { class: "daily-yours", text: yoursText(standing.yours) }));
  const label = !standing.yours ? "Play today's deal" : standing.yours.status === "playing" ? "Go on with it" : "Look at your deal";
  const play = element("button", { type: "button", class: standing.yours ? "secondary" : "primary", text: label });
  play.setAttribute("aria-describedby", `daily-draw-${draw}`);
  play.addEventListener("click", async () => {
    play.disabled = true;
    try {
      const response = await fetch("/api/daily", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ draw }),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.error || response.statusText);
      rememberDaily(answer.table, answer.day, draw);
      goToTable(answer);
    } catch (problem) {
      play.disabled = false;
      refuse(`No daily deal: ${problem.message}`);
    }
  });
  panel.append(play);
  const people = standing.played === 0 ? "Nobody has played it yet today."
    : `${standing.played} ${standing.played === 1 ? "player has" : "players have"} played it today, ${standing.won} won.`;
  panel.append(element("p", { class: "muted", text: people }));
  if (standing.moves.length) {
    panel.append(bestTable("Fewest moves", standing.moves, `daily-moves-${draw}`),
      bestTable("Fastest", standing.time, `daily-time-${draw}`));
  }
  return panel;
}

/** Fills `section` with today's deal and its table of the best. */
export async function mountDaily(section) {
  const title = element("h2", { id: "daily-title", text: "Today's deal" });
  const problem = element("p", { class: "error", role: "alert" });
  const refuse = (text) => { problem.textContent = text; };
  section.setAttribute("aria-labelledby", "daily-title");
  section.replaceChildren(title, element("p", { class: "muted", text: "One deal a day, the same cards for everyone: one try each, draw 1 and draw 3. The best of the day on this server, by moves and by time." }), problem);
  let standings;
  try {
    const response = await fetch("/api/daily");
    standings = await response.json();
    if (!response.ok) throw new Error(standings.error || response.statusText);
  } catch (trouble) {
    refuse(`Today's deal could not be found: ${trouble.message}.`);
    return;
  }
  title.textContent = `Today's deal: ${dayWords(standings.day)}`;
  const draws = element("div", { class: "daily-draws" });
  for (const draw of [1, 3]) draws.append(drawPanel(draw, standings.draws[String(draw)], refuse));
  section.append(draws);
  section.dataset.ready = "true";
}
