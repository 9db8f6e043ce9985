// The home page: game tiles, unfinished games, the player's name, a summary
// of their statistics and the animations setting.

import { cardSVG } from "/static/cards.js";
import { forcedPlays, motionSetting, setForcedPlays, setMotion, setSound, soundOn } from "/static/site.js";
import { sinceWhen, toDate } from "/static/dates.js";

const GAME_NAMES = { spades: "Spades", hearts: "Hearts", klondike: "Klondike" };

async function getJSON(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

function drawTiles() {
  for (const felt of document.querySelectorAll(".tile-felt[data-cards]")) {
    felt.replaceChildren(...felt.dataset.cards.split(" ").map((code) => cardSVG(code)));
  }
}

async function showUnfinished() {
  const status = document.getElementById("continue-status");
  const list = document.getElementById("continue-list");
  let tables;
  try {
    tables = await getJSON("/api/tables");
  } catch {
    status.textContent = "Could not reach the table server.";
    return;
  }
  if (!tables.length) {
    status.textContent = "No unfinished games. Choose one above to start.";
    return;
  }
  status.textContent = tables.length === 1 ? "One game is waiting for you." : `${tables.length} games are waiting for you.`;
  list.replaceChildren(...tables.map((table) => {
    const link = document.createElement("a");
    link.href = table.url;
    link.className = `continue-link game-${table.game}`;
    const name = document.createElement("strong");
    name.textContent = GAME_NAMES[table.game] ?? table.game;
    const summary = document.createElement("span");
    summary.className = "continue-summary";
    const words = table.summary ?? "";
    summary.textContent = words.charAt(0).toUpperCase() + words.slice(1);
    const when = document.createElement("time");
    when.dateTime = toDate(table.updated)?.toISOString() ?? "";
    when.textContent = sinceWhen(table.updated);
    link.append(name, summary, when);
    const item = document.createElement("li");
    item.append(link);
    return item;
  }));
}

async function setUpName() {
  const form = document.getElementById("name-form");
  const input = document.getElementById("name-input");
  const status = document.getElementById("name-status");
  try {
    input.value = (await getJSON("/api/me")).name;
  } catch {
    status.textContent = "Could not load your name.";
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    status.classList.remove("error");
    const response = await fetch("/api/me", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: input.value.trim() }),
    }).catch(() => null);
    if (response?.ok) {
      input.value = (await response.json()).name;
      status.textContent = `Saved. The table will call you ${input.value}.`;
      return;
    }
    const body = response ? await response.json().catch(() => ({})) : {};
    status.classList.add("error");
    status.textContent = body.error ?? "Your name could not be saved.";
  });
}

function setUpSettings() {
  const forced = document.getElementById("forced-toggle");
  forced.checked = forcedPlays();
  forced.addEventListener("change", () => setForcedPlays(forced.checked));
  const sound = document.getElementById("sound-setting");
  sound.checked = soundOn();
  sound.addEventListener("change", () => setSound(sound.checked));
}

function setUpMotion() {
  const toggle = document.getElementById("motion-toggle");
  toggle.checked = motionSetting();
  toggle.addEventListener("change", () => setMotion(toggle.checked));
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
    const note = document.createElement("p");
    note.className = "hint";
    note.textContent = "Your system asks for reduced motion, so cards move without animation anyway.";
    toggle.closest(".field").append(note);
  }
}

async function showStatistics() {
  const place = document.getElementById("stats-summary");
  let stats;
  try {
    stats = await getJSON("/api/stats");
  } catch {
    place.innerHTML = '<p class="muted">Statistics are not available right now.</p>';
    return;
  }
  const games = Object.keys(GAME_NAMES).map((game) => [game, stats.games?.[game] ?? { played: 0, won: 0 }]);
  if (games.every(([, counts]) => !counts.played)) {
    place.innerHTML = '<p class="muted">No games yet — play one and your results appear here.</p>';
    return;
  }
  const table = document.createElement("table");
  table.className = "stats-mini";
  table.innerHTML = '<caption class="visually-hidden">Games played and won</caption>'
    + '<thead><tr><th scope="col">Game</th><th scope="col" class="num">Played</th><th scope="col" class="num">Won</th></tr></thead>';
  const body = table.createTBody();
  for (const [game, counts] of games) {
    const row = body.insertRow();
    const name = document.createElement("th");
    name.scope = "row";
    name.textContent = GAME_NAMES[game];
    row.append(name);
    for (const value of [counts.played, counts.won]) {
      const cell = row.insertCell();
      cell.className = "num";
      cell.textContent = value;
    }
  }
  place.replaceChildren(table);
}

drawTiles();
setUpMotion();
setUpSettings();
showUnfinished();
setUpName();
showStatistics();
