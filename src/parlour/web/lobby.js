// The home page's way to a table with friends: a code typed in, the lobby of
// listed tables waiting for players, and Quick join (the fullest of them).

import { element } from "/static/elements.js";
import { goToTable } from "/static/seats.js";
import { rememberedName } from "/static/trick-room.js";

const $ = (id) => document.getElementById(id);
const GAMES = { spades: "Spades", hearts: "Hearts" };

async function reason(response) {
  try {
    return (await response.json()).error || response.statusText;
  } catch {
    return `${response.status} ${response.statusText}`;
  }
}

// The name for a seat: the one typed on this page, or the one kept from before.
const myName = () => $("name-input")?.value.trim() || rememberedName();

$("join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const status = $("join-status");
  status.textContent = "";
  try {
    const response = await fetch("/api/join", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: $("join-code").value }),
    });
    if (!response.ok) throw new Error(await reason(response));
    location.assign((await response.json()).url);
  } catch (failure) {
    status.textContent = failure.message;
  }
});

async function quickJoin(game) {
  const status = $("lobby-status");
  const name = myName();
  if (!name) {
    status.textContent = "Your name first (in the You box): the others see it at the table.";
    $("name-input")?.focus();
    return;
  }
  const response = await fetch("/api/lobby/quick", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game, name }),
  });
  if (!response.ok) {
    status.textContent = await reason(response);
    return;
  }
  goToTable(await response.json());
}

$("quick-spades").addEventListener("click", () => quickJoin("spades"));
$("quick-hearts").addEventListener("click", () => quickJoin("hearts"));

async function showLobby() {
  const list = $("lobby-list");
  const status = $("lobby-status");
  try {
    const response = await fetch("/api/lobby");
    if (!response.ok) throw new Error(await reason(response));
    const tables = await response.json();
    list.replaceChildren(...tables.map((entry) => {
      const free = entry.free.length;
      const target = entry.options?.target ? `, to ${entry.options.target}` : "";
      return element("li", {},
        element("span", { class: "lobby-game", text: `${GAMES[entry.game] ?? entry.game}${target}` }),
        element("span", { class: "lobby-host", text: entry.host ? `hosted by ${entry.host}` : "" }),
        element("span", { class: "lobby-free", text: `${free} seat${free === 1 ? "" : "s"} free` }),
        element("a", { class: "button-link", href: entry.url, text: "Join" }));
    }));
    status.textContent = tables.length ? "" : "No listed table is waiting just now.";
  } catch (failure) {
    status.textContent = `Could not load the lobby: ${failure.message}`;
  }
}

showLobby();
