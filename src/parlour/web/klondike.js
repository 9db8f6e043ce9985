// The Klondike page: /klondike shows the new-game panel, /klondike/<id> the
// table. The table talks to the server over /ws/<id>: it draws each view it
// is sent and sends what the player wants as one of the view's legal actions.

import { mountNewGame } from "/static/newgame.js";
import { Board } from "/static/klondike-board.js";
import { cascade } from "/static/klondike-cascade.js";
import { dailyOf, dayWords, mountDaily } from "/static/klondike-daily.js";
import { Postmortem } from "/static/klondike-postmortem.js";
import { enableDrag } from "/static/klondike-drag.js";
import { enableKeys, focusSpot, focusedSpot } from "/static/klondike-keys.js";
import { describe, moveOnto, movesFrom, parseAction, placeWords, sensibleMove, topCard } from "/static/klondike-moves.js";
import { cardLabel, cardName } from "/static/cards.js";
import { goToTable, seatToken } from "/static/seats.js";
import { connectTable } from "/static/table-socket.js";

const tableId = location.pathname.split("/")[2] || null;
const $ = (id) => document.getElementById(id);

if (!tableId) {
  // the new game's page is titled like the other games'; a table is the whole page
  document.querySelector("main > h1").classList.remove("visually-hidden");
  $("newgame").hidden = false;
  mountNewGame($("newgame"), "klondike");
  $("daily").hidden = false;
  mountDaily($("daily"));
} else {
  $("table").hidden = false;
  document.querySelector("main").classList.add("full");
  startTable(tableId);
}

function startTable(id) {
  const board = new Board($("board"));
  const table = {
    view: null,
    pending: null, // the action sent and not yet answered
    queued: null, // a stock click made while it was pending
    selected: null, // {place, count}: a card taken with the keyboard (or a tap while one is held)
    hint: null,
    clockBase: 0, // the deal's time at clockAt, as the server counts it
    clockAt: 0,
    live: false, // connected: the server counts the deal's time only then
    givenUp: false, // the deal was given up: nothing more is played on it
  };

  const say = (text) => { $("live").textContent = text; };
  const show = (text, isError = false) => {
    $("message").textContent = text;
    $("message").classList.toggle("problem", isError);
  };

  // --- the connection --------------------------------------------------------

  let reconnecting = false; // "reconnecting" is shown: the next view takes it away
  // The page is nothing without its table: a close before the first view (not this
  // player's table, or no such table) is final, like any refusal.
  const connection = connectTable(id, {
    onMessage: receive, onStatus, onRefused, version: () => table.view?.version, finalBeforeView: true,
  });

  // The connection is gone: the server's clock stopped with it, so this one does too.
  function onStatus(state) {
    if (state !== "reconnecting") return;
    table.pending = null;
    stopClock();
    reconnecting = true;
    show("Connection lost: reconnecting…", true);
  }

  // Retrying won't help: say why, and what may be done.
  function onRefused(_code, reason) {
    table.pending = null;
    stopClock();
    refuse(`${sentence(reason || "This table could not be opened")} Start a new game from the Klondike page.`);
    for (const button of ["undo", "redo", "hint", "give-up"]) $(button).disabled = true; // (no table to ask)
  }

  function receive(message) {
    if (message.type === "view") {
      const before = table.view;
      const action = table.pending;
      table.pending = null;
      table.view = message.view;
      table.view.version = message.version;
      // The server's count of the deal's time, from now on (only a view sets it: a
      // redraw for a refused move or a resize must not take the clock back).
      table.clockBase = table.view.seconds ?? 0;
      table.clockAt = performance.now();
      table.live = connection.isOpen();
      table.selected = null;
      table.hint = null;
      draw();
      if (action && before) say(describe(action, before, table.view));
      if (!before || action || table.view.won || reconnecting) show("");
      reconnecting = false;
      if (table.view.won && (!before || !before.won)) announceEnd(true, Boolean(before));
      else if (table.view.over && !table.view.won && (!before || !before.over)) announceEnd(false);
      else if (!before && !table.view.over) lookForGivingUp();
      const next = table.queued;
      table.queued = null;
      if (next && action) next();
    } else if (message.type === "wait") {
      show(message.reason, true); // the move is still being stored: its answer follows
    } else if (message.type === "error") {
      table.pending = null;
      table.queued = null;
      show(message.reason, true);
      say(message.reason);
      if (table.view) draw(); // dropped cards slide back
    } else if (message.type === "hint") {
      showHint(message);
    }
  }

  // --- drawing ---------------------------------------------------------------

  function draw() {
    const view = table.view;
    const spot = focusedSpot(board.root);
    board.render(view, marks());
    focusSpot(board, spot);
    $("moves").textContent = String(view.moves);
    $("score-box").hidden = view.options?.scoring === "none" || !view.options;
    $("score").textContent = String(view.score);
    $("passes-box").hidden = view.passes_left === null || view.passes_left === undefined;
    $("passes").textContent = String(view.passes_left);
    $("undo").disabled = !view.can_undo;
    $("redo").disabled = !view.can_redo;
    $("hint").disabled = view.won || !view.legal.length;
    $("finish").hidden = !view.can_finish;
    tick();
  }

  function marks() {
    const { selected, hint, view } = table;
    const targets = selected ? movesFrom(view.legal, selected.place, selected.count).map((a) => parseAction(a).target) : [];
    return { selected, targets, hint };
  }

  function shownSeconds() {
    const view = table.view;
    const running = table.live && view.moves > 0 && !view.won && !view.over;
    return table.clockBase + (running ? (performance.now() - table.clockAt) / 1000 : 0);
  }

  function tick() {
    if (table.view) $("clock").textContent = clockText(shownSeconds());
  }
  setInterval(tick, 500);

  /** The connection is gone: the server's clock stopped with it, so this one does too. */
  function stopClock() {
    if (!table.view || !table.live) return;
    table.clockBase = shownSeconds();
    table.clockAt = performance.now();
    table.live = false;
    tick();
  }

  // A hidden page is not being played: close its connection (the server stops the
  // deal's clock) and open a new one when the page shows again.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") {
      connection.pause("the page is hidden");
      table.pending = null;
      stopClock();
    } else {
      connection.resume();
    }
  });

  // --- what the player wants ---------------------------------------------------

  function act(action) {
    if (table.givenUp) {
      refuse("You gave this deal up: start a new deal, or try this one again.");
      return false;
    }
    if (!table.view || table.pending || !action) return false;
    table.pending = action;
    connection.send({ type: "act", version: table.view.version, action });
    return true;
  }

  /** How many cards a card at `index` of `place` carries (null if it cannot be taken). */
  function countAt(place, index) {
    if (place.startsWith("T")) {
      const column = table.view.tableau[Number(place.slice(1)) - 1];
      return index >= 0 && index < column.face_up.length ? column.face_up.length - index : null;
    }
    return place === "W" || place.startsWith("F") ? 1 : null;
  }

  function movesFor(place, index) {
    const count = countAt(place, index);
    if (!table.view || table.pending || count === null) return null;
    const moves = movesFrom(table.view.legal, place, count).map((action) => ({ action, target: parseAction(action).target }));
    return { count, moves };
  }

  /** A tap or Enter on a pile: the card held goes there, or the pile's own action. True if a move was sent. */
  function onPile(place, index, { keyboard }) {
    const view = table.view;
    if (!view) return false;
    if (table.pending) {
      // Quick clicks on the stock are not lost: the next draw waits for this move's view.
      if (place === "stock") table.queued = () => onPile(place, index, { keyboard });
      return false;
    }
    const held = table.selected;
    if (held && held.place !== place) {
      const action = moveOnto(view.legal, held.place, held.count, place);
      if (action) return act(action);
      refuse(`The ${cardName(topOfRun(held))} cannot go on ${placeWords(place)}.`);
      return false;
    }
    if (place === "stock") {
      if (view.legal.includes("draw")) return act("draw");
      refuse(view.stock || view.waste.length ? "No passes through the stock are left." : "The stock is empty.");
      return false;
    }
    if (view.legal.includes(`flip ${place}`)) return act(`flip ${place}`);
    const count = countAt(place, index >= 0 ? index : lastIndex(place));
    if (count === null) return false;
    if (keyboard && held?.count !== count) {
      select({ place, count });
      return false;
    }
    // A tap, or Enter on the card already taken: its one sensible place.
    // A tap on a foundation does nothing: taking a card back is a deliberate drag.
    if (place.startsWith("F") && !keyboard) return false;
    const action = sensibleMove(view.legal, place, count);
    if (action) return act(action);
    refuse(`The ${cardName(topOfRun({ place, count }))} has nowhere to go.`);
    if (keyboard) select(null);
    return false;
  }

  function lastIndex(place) {
    if (!place.startsWith("T")) return -1;
    return table.view.tableau[Number(place.slice(1)) - 1].face_up.length - 1;
  }

  function topOfRun({ place, count }) {
    if (!place.startsWith("T")) return topCard(table.view, place);
    return table.view.tableau[Number(place.slice(1)) - 1].face_up.at(-count);
  }

  function select(selected) {
    table.selected = selected;
    board.mark(table.view, marks());
    if (selected) {
      const targets = movesFrom(table.view.legal, selected.place, selected.count).length;
      say(`${cardLabel(topOfRun(selected))} taken${targets ? ": press Enter on a pile to put it there" : ": it has nowhere to go"}.`);
    }
  }

  function refuse(text) {
    show(text, true);
    say(text);
  }

  /** A double click or F: the foundation that takes the card. */
  function home(place, index) {
    const view = table.view;
    if (!view || table.pending || place.startsWith("F") || place === "stock") return;
    const top = place === "W" ? -1 : lastIndex(place);
    if (place.startsWith("T") && index >= 0 && index !== top) return refuse("Only a pile's top card can go to a foundation.");
    act(`move ${place} F`);
  }

  function showHint(message) {
    if (message.version !== table.view.version) return; // the table moved on while it was thought of
    if (message.action) {
      const move = parseAction(message.action);
      const source = move.verb === "draw" ? "stock" : move.source;
      table.hint = { source, count: move.verb === "move" ? move.count : 1, target: move.target };
    } else {
      table.hint = null;
    }
    board.mark(table.view, marks());
    // The server says the move in words, from the position it was found in.
    const text = message.action ? `Hint: ${message.text}` : message.text;
    show(text);
    say(text);
  }

  // --- gestures --------------------------------------------------------------

  enableDrag(board, { movesFor, drop: (action) => act(action) });

  let tapped = false; // whether the first click of a double click already moved the card
  board.root.addEventListener("click", (event) => {
    const node = event.target.closest("[data-place]");
    if (!node || event.detail > 1) return;
    tapped = onPile(node.dataset.place, Number(node.dataset.index ?? -1), { keyboard: false });
  });
  board.root.addEventListener("dblclick", (event) => {
    const node = event.target.closest(".card.live");
    if (!node || tapped) return;
    home(node.dataset.place, Number(node.dataset.index));
  });

  enableKeys(board, {
    activate: (place, index) => onPile(place, index, { keyboard: true }),
    home,
    draw: () => onPile("stock", -1, { keyboard: false }),
    hint: () => askHint(),
    undo: () => table.view?.can_undo && act("undo"),
    redo: () => table.view?.can_redo && act("redo"),
    cancel: () => table.selected && (select(null), say("Card put back.")),
  });

  function askHint() {
    if (table.view) connection.send({ type: "hint", version: table.view.version });
  }

  $("undo").addEventListener("click", () => act("undo"));
  $("redo").addEventListener("click", () => act("redo"));
  $("hint").addEventListener("click", askHint);
  $("finish").addEventListener("click", () => {
    if (!table.view?.can_finish) return;
    show("Finishing…");
    say("Finishing: every card goes home.");
    connection.send({ type: "finish", version: table.view.version });
  });

  // --- new deals -------------------------------------------------------------

  // The new-game panel's remembered choices (newgame.js) are this menu's too.
  const choicesKey = "parlour.newgame.klondike";
  const remembered = () => {
    try {
      return JSON.parse(localStorage.getItem(choicesKey)) || {};
    } catch {
      return {};
    }
  };
  $("winnable").checked = Boolean(remembered().winnable_only);

  const seatHeader = () => ({ Authorization: `Bearer ${seatToken(id) ?? ""}` });

  async function newTable({ sameDeal = false, options = table.view?.options, winnable = $("winnable").checked } = {}) {
    // The same deal is asked for by this table: the page never holds a deal's number
    // while it is played (the number shows every face-down card).
    const request = sameDeal ? { game: "klondike", same_deal: id } : { game: "klondike", options };
    if (!sameDeal && winnable) request.winnable_only = true;
    show(winnable && !sameDeal ? "Dealing a winnable deal…" : "Dealing…");
    try {
      const response = await fetch("/api/tables", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(sameDeal ? seatHeader() : {}) },
        body: JSON.stringify(request),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.error || response.statusText);
      goToTable(answer);
    } catch (problem) {
      refuse(`No new deal: ${problem.message}`);
    }
  }

  $("new-deal").addEventListener("click", () => newTable());
  $("restart").addEventListener("click", () => newTable({ sameDeal: true }));
  $("won-new").addEventListener("click", () => newTable());
  $("won-again").addEventListener("click", () => newTable({ sameDeal: true }));
  $("won-close").addEventListener("click", () => $("won").close());

  // --- giving up, and looking back ---------------------------------------------

  const postmortem = new Postmortem({ table: id, headers: seatHeader });

  // A daily deal is one try a day: no restart, no second go; its end points to the day's best.
  const daily = dailyOf(id);
  if (daily) {
    $("daily-mark").hidden = false;
    $("daily-mark").textContent = `Daily deal, ${dayWords(daily.day, false)}, draw ${daily.draw}`;
    for (const again of ["restart", "won-again", "pm-again"]) $(again).hidden = true;
    for (const best of ["won-best", "pm-best"]) $(best).hidden = false;
  }
  $("pm-new").addEventListener("click", () => newTable());
  $("pm-again").addEventListener("click", () => newTable({ sameDeal: true }));
  $("won-postmortem").addEventListener("click", () => {
    $("won").close();
    postmortem.open();
  });
  $("give-up").addEventListener("click", () => {
    menu.open = false;
    if (table.view?.over || table.givenUp) return refuse("This deal is over already.");
    $("confirm-give-up").showModal();
  });
  $("give-up-no").addEventListener("click", () => $("confirm-give-up").close());
  $("give-up-yes").addEventListener("click", async () => {
    $("confirm-give-up").close();
    try {
      const response = await fetch(`/api/tables/${id}/give-up`, { method: "POST", headers: seatHeader() });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.error || response.statusText);
      closeDeal();
      say("You gave the deal up.");
      postmortem.open(answer);
    } catch (problem) {
      refuse(`The deal was not given up: ${problem.message}`);
    }
  });

  /** A deal given up is played no more: its connection (and its clock) end. */
  function closeDeal() {
    table.givenUp = true;
    document.documentElement.dataset.deal = "given-up";
    connection.close("the deal was given up");
    stopClock();
    for (const button of ["undo", "redo", "hint", "finish"]) $(button).disabled = true;
    $("give-up").disabled = true;
  }

  /** A deal opened again after it was given up: show the look back, not a live table. */
  async function lookForGivingUp() {
    try {
      const response = await fetch(`/api/tables/${id}/postmortem`, { headers: seatHeader() });
      const answer = await response.json();
      if (!response.ok || answer.status === "playing" || answer.status === "won") return;
      closeDeal();
      postmortem.open(answer);
    } catch {
      // no answer: the deal plays on as the server has it
    }
  }
  // The deal's record holds every card: it is asked for with the seat's token, then saved.
  $("won-record").addEventListener("click", async (event) => {
    const link = $("won-record");
    if (link.dataset.ready === id) return;
    event.preventDefault();
    const response = await fetch(`/api/tables/${id}/record`, { headers: seatHeader() });
    if (!response.ok) return refuse("The record could not be fetched: try again.");
    link.href = URL.createObjectURL(await response.blob());
    link.dataset.ready = id;
    link.click();
  });
  $("deal-options").addEventListener("submit", (event) => {
    event.preventDefault();
    const options = { ...table.view.options, draw: Number($("draw").value), scoring: $("scoring").value };
    try {
      localStorage.setItem(choicesKey, JSON.stringify({ ...remembered(), options, winnable_only: $("winnable").checked }));
    } catch {
      // not remembered: this deal still gets the choices
    }
    newTable({ options });
  });
  const menu = document.querySelector(".game-menu");
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
  menu.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    menu.open = false;
    menu.querySelector("summary").focus();
  });
  menu.addEventListener("toggle", (event) => {
    if (!event.target.open || !table.view) return;
    $("draw").value = String(table.view.options?.draw ?? 1);
    $("scoring").value = table.view.options?.scoring ?? "none";
  });

  function announceEnd(won, live = false) {
    const view = table.view;
    const time = clockText(view.seconds ?? 0);
    $("won-title").textContent = won ? "You won!" : "No moves left";
    $("won-text").textContent = won
      ? `All 52 cards home in ${view.moves} moves and ${time}${view.options?.scoring !== "none" ? `, score ${view.score}` : ""}.`
      : `${52 - Object.values(view.foundations).reduce((a, b) => a + b, 0)} cards could not reach the foundations.`;
    $("won-again").textContent = won ? "Play this deal again" : "Try this deal again";
    $("won-record").download = `parlour-klondike-${view.table}.json`;
    $("won-look-back").hidden = won;
    say(won ? `You won in ${view.moves} moves.` : "No moves left.");
    const open = () => { if (!$("won").open) $("won").showModal(); };
    // A win just made ends in the cascade; a deal opened already won shows its panel at once.
    if (won && live) cascade(board, open);
    else open();
  }

  window.addEventListener("resize", () => {
    board.fit();
    if (table.view) draw();
  });
  board.fit();
}

/** The server's reason as a sentence of its own: a capital, and a full stop. */
function sentence(text) {
  const said = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(said) ? said : `${said}.`;
}

function clockText(seconds) {
  const whole = Math.floor(seconds);
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, "0")}:${String(whole % 60).padStart(2, "0")}`;
}
