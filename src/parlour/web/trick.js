// The table shared by Spades and Hearts: four seats around the felt, the trick
// in the middle, your hand along the bottom, the game's own panel (bidding,
// passing) and the score sheet. It renders the views the server sends and
// reports what the player wants; the server decides what is legal.
//
// The game supplies a `rules` object:
//   game, suitOrder,
//   seatStatus(view, seat)   -> short phrases under a seat's name (["bid 4", "won 2"])
//   scoreboard(view)         -> element for the bar above the felt
//   panel(view, table)       -> element or null (bidding, passing), shown above the hand
//   selecting(view)          -> true while cards are chosen rather than played (passing)
//   marked(view)             -> Set of codes to outline in the hand (cards just received)
//   prompt(view)             -> what the player is asked to do, when it is their turn
//   announce(prev, view)     -> sentences for screen readers about what changed (the
//                               table adds the playing out and the game's end)
//   playingOut(view)         -> (optional) what the table says while it plays the rest
//                               of a hand itself, in place of the prompt; null otherwise
//   scoreSheet(view)         -> element: the hands so far
//   centre(view)             -> short text in the middle of an empty trick, or ""
//   faceDown(view)           -> optional: true while your cards are not yet looked at
//   winner(view)             -> optional: the game's end in the seats' names
//   deciding(view)           -> true while the hand is bid or passed, before any trick
//                               (phones then fold the felt up so hand and panel fit)

import { cardName, cardSVG } from "/static/cards.js";
import { element as html } from "/static/elements.js";
import { mountNewGame } from "/static/newgame.js";
import { forcedPlays, motionAllowed } from "/static/site.js";
import { play } from "/static/sound.js";
import { showHandSummary } from "/static/trick-summary.js";
import { dealIn, gather, moveIn } from "/static/trick-motion.js";
import { openReview } from "/static/trick-review.js";
import { createHand, focusAmong, restoreFocus } from "/static/trick-hand.js";
import { carrySeat, seatToken } from "/static/seats.js";
import { drawText, entryPanel, reactionBar, waitingRoom } from "/static/trick-room.js";
import { connectTable } from "/static/table-socket.js";
import { seatWord, showLastTrick } from "/static/trick-last.js";
import { PLACES, placeOf, renderSeat } from "/static/trick-seats.js";

// How long a completed trick stays with its winner marked before the next
// card: long enough to read the four cards at the bots' pace (the table's
// pace, as the bots' own delay scales with it: server/table.py's PACES).
const TRICK_PAUSE_MS = { slow: 1900, normal: 1200, fast: 500 };
// The beat before a card you are forced to play plays itself.
const FORCED_MS = 700;
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// An action's id, so one resent after a reconnect is applied once.
const actionId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const REACTION_MS = 4000;

function cardsPlayed(view) {
  return 52 - view.cards_left.reduce((sum, n) => sum + n, 0);
}

const isPrefix = (short, long) => short.length <= long.length && short.every((c, i) => long[i] === c);

export function mountTrickTable(root, table, rules, { watch = false } = {}) {
  let shown = null; // the view on screen
  let latestVersion = -1;
  const queue = [];
  let draining = false;
  let suggestion = null; // the hint's action while it applies
  const pageTitle = document.title;
  let pending = false; // an action sent and not yet answered: no second one
  let held = false; // the server said it is still storing that action (a database away)
  let leaving = false; // told where the next game is: on the way there
  let holdOver = false; // the game is over but its last hand's summary is still to be seen
  let summaryOpen = null; // the hand's summary dialog while it is shown
  const selected = new Set(); // cards chosen to pass

  const announcer = html("div", { class: "visually-hidden", "aria-live": "polite", "aria-atomic": "false" });
  const status = html("p", { class: "connection", role: "status" });
  const scoreboard = html("div", { class: "scoreboard" });
  const hintButton = html("button", { type: "button", class: "secondary", text: "Hint" });
  const lastButton = html("button", { type: "button", class: "secondary", text: "Last trick" });
  const sheetButton = html("button", { type: "button", class: "secondary", "aria-expanded": "false", "aria-controls": `sheet-${rules.game}`, text: "Score sheet" });
  const newGame = html("button", { type: "button", class: "secondary new-game", text: "New game" });
  const bar = html("div", { class: "table-bar" }, scoreboard, html("div", { class: "table-tools" }, hintButton, lastButton, sheetButton, newGame));

  const seats = {};
  for (const place of PLACES) {
    seats[place] = html("div", { class: `seat seat-${place}` });
  }
  const slots = {};
  for (const place of PLACES) slots[place] = html("div", { class: `slot slot-${place}` });
  const centre = html("p", { class: "trick-centre" });
  const trickArea = html("div", { class: "trick-area", role: "group", "aria-label": "The trick" }, ...Object.values(slots), centre);
  const felt = html("section", { class: "table-felt", "aria-label": "The table" },
    seats.top, seats.left, trickArea, seats.right, seats.bottom);

  const prompt = html("p", { class: "prompt" });
  const notice = html("p", { class: "table-notice" });
  const gamePanel = html("div", { class: "game-panel" });
  const panel = html("div", { class: "table-panel" }, prompt, notice, gamePanel);

  const hand = createHand({ suitOrder: rules.suitOrder, onChoose: chooseCard });
  const sheet = html("aside", { class: "score-sheet", id: `sheet-${rules.game}`, "aria-label": "Score sheet", hidden: "" });
  const friends = html("div", { class: "friends-bar" });
  const board = html("div", { class: "trick-board felt" }, status, bar, felt, panel, hand.element, friends);
  const room = html("div", { class: "room" });
  const tableBox = html("div", { class: "trick-table" }, board, sheet);
  root.replaceChildren(room, tableBox, announcer);

  const socket = connectTable(table, {
    onMessage, onStatus, onRefused, watch, version: () => (latestVersion >= 0 ? latestVersion : null),
  });

  // ---- talking to the server -------------------------------------------

  // A table this browser cannot enter as it is: say why, and offer what it may do.
  async function onRefused(code, reason) {
    let summary = null;
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(table)}`);
      if (response.ok) summary = await response.json();
    } catch {
      // the server is unreachable: the panel says what it can
    }
    if (code === 4000) reason = reason || "You left the table.";
    tableBox.hidden = true;
    room.replaceChildren(entryPanel(summary, reason, {
      watch: () => location.assign(`/${rules.game}/${encodeURIComponent(table)}?watch`),
    }));
    status.classList.remove("visible");
  }

  function onStatus(state) {
    status.textContent = state === "reconnecting" ? "Connection lost: reconnecting…" : "";
    status.classList.toggle("visible", state === "reconnecting");
  }

  function onMessage(message) {
    if (message.type === "view") {
      pending = false;
      if (held) {
        held = false;
        say("The table is back: your move is made.", { visible: true });
      }
      if (message.version < latestVersion) return markSettled();
      latestVersion = message.version;
      // Your turn on a timer in the next hand: the summary gives way, so the clock is yours.
      if (summaryOpen && message.view.timer && message.view.timer.seat === message.view.seat) summaryOpen.close();
      queue.push({ ...message.view, version: message.version });
      if (!draining) drain();
    } else if (message.type === "wait") {
      held = true; // the action's answer follows
      say(message.reason, { visible: true, error: true });
    } else if (message.type === "error") {
      pending = false;
      held = false;
      markSettled();
      renderControls(shown);
      say(message.reason, { visible: true, error: true });
    } else if (message.type === "hint") {
      suggestion = message.action;
      say(message.text || "No suggestion here.", { visible: true });
      renderControls(shown);
    } else if (message.type === "rematch") {
      // Two last votes at once can each complete the vote, and then everyone is
      // told twice: go once (a second start would abort the first).
      if (leaving) return;
      leaving = true;
      carrySeat(table, message.table);
      location.assign(message.url + (shown?.seat == null ? "?watch" : ""));
    } else if (message.type === "reaction") {
      showReaction(message);
    } else if (message.type === "left") {
      say(message.reason, { visible: true });
    }
  }

  function showReaction(message) {
    if (!shown) return;
    const seat = seats[placeOf(shown, message.seat)];
    const bubble = html("span", { class: "reaction-bubble", role: "status", text: message.text });
    seat.append(bubble);
    say(`${shown.seats[message.seat].name}: ${message.text}`);
    setTimeout(() => bubble.remove(), REACTION_MS);
  }

  function act(action) {
    if (!shown) return;
    notice.textContent = "";
    pending = socket.send({ type: "act", version: shown.version, action, id: actionId() });
    markSettled();
    if (pending) renderControls(shown);
    else say("Not connected yet: try again in a moment.", { visible: true, error: true });
  }

  function chooseCard(code) {
    if (rules.selecting(shown)) {
      if (selected.has(code)) selected.delete(code);
      else if (selected.size < 3) selected.add(code);
      renderControls(shown);
      return;
    }
    act(`play ${code}`);
  }

  // A game of one's own against the bots: start another (this one can be
  // taken up again from the home page). At a table with friends, "Leave".
  newGame.addEventListener("click", () => {
    const going = !shown || shown.over || shown.seat == null
      || confirm("Start a new game? This one waits for you under “Continue a game” on the home page.");
    if (going) location.assign(`/${rules.game}`);
  });

  hintButton.addEventListener("click", () => socket.send({ type: "hint", version: shown?.version ?? 0 }));
  lastButton.addEventListener("click", () => shown?.last_trick && showLastTrick(shown, lastButton));
  sheetButton.addEventListener("click", () => {
    toggleSheet(sheet.hidden);
    // On a phone the sheet opens below the table, out of sight: bring it up.
    if (!sheet.hidden && sheet.getBoundingClientRect().top > window.innerHeight * 0.6) {
      sheet.scrollIntoView({ block: "start", behavior: motionAllowed() ? "smooth" : "auto" });
    }
  });

  function toggleSheet(open) {
    sheet.hidden = !open;
    sheetButton.setAttribute("aria-expanded", String(open));
    if (open && shown) sheet.replaceChildren(...sheetContent(shown));
  }

  function sheetContent(view) {
    const parts = [html("h2", { text: "Score sheet" }), rules.scoreSheet(view)];
    if (view.seat != null && view.hands.length) {
      // Each finished hand may be reviewed: where its points went.
      const buttons = view.hands.map((entry) => {
        const button = html("button", { type: "button", class: "secondary review-hand", text: `Review hand ${entry.hand}` });
        button.addEventListener("click", () => openReview(view, entry.hand, rules, seatToken(view.table)));
        return button;
      });
      parts.push(html("div", { class: "score-reviews" }, ...buttons));
    }
    return parts;
  }

  function say(text, { visible = false, error = false } = {}) {
    if (visible) {
      notice.textContent = text;
      notice.classList.toggle("error", error);
    }
    announcer.append(html("p", { text }));
    while (announcer.childElementCount > 6) announcer.firstElementChild.remove();
  }

  // ---- views in order, each change shown ----------------------------------

  // data-settled marks a table showing the newest view it has, every card
  // played and every trick taken drawn, and no action of ours awaiting its
  // answer (tests wait for it; so may a tool).
  function markSettled() {
    if (draining || pending || !shown) delete tableBox.dataset.settled;
    else tableBox.dataset.settled = String(shown.version);
  }

  async function drain() {
    draining = true;
    markSettled();
    while (queue.length) {
      const next = queue.shift();
      const prev = shown;
      shown = next;
      if (!prev || prev.version !== next.version) suggestion = null;
      if (prev && rules.selecting(prev) && !rules.selecting(next)) selected.clear();
      await transition(prev, next);
    }
    draining = false;
    markSettled();
    maybeForce();
  }

  async function transition(prev, view) {
    if (view.status === "waiting" || prev?.status === "waiting") {
      renderView(view); // the waiting room, or the first deal after it
      if (view.status !== "waiting") {
        renderTrick(view.trick, view);
        if (prev) deal();
      }
      return;
    }
    // The game's result waits until the last hand's summary is closed.
    holdOver = Boolean(prev && view.over && !prev.over);
    const oldRects = prev ? handRects(prev) : {};
    const newHand = prev && view.hand_number !== prev.hand_number;
    const trickDone = prev && view.last_trick && JSON.stringify(view.last_trick) !== JSON.stringify(prev.last_trick);
    if (newHand && trickDone) {
      // The hand's last trick is shown before the new deal appears.
      hand.render({ cards: [], enabled: new Set() });
    } else {
      renderView(view);
    }
    if (prev && (trickDone || !newHand)) await showPlays(prev, view, trickDone, oldRects);
    if (prev && view.hands.length > prev.hands.length) {
      // The hand's summary, before the next deal; behind it the scores after the
      // hand (as the summary gives them), no cards and no question yet.
      if (newHand && trickDone) betweenHands(view);
      await showHandSummary(tableBox, view, rules, { onOpen: (dialog) => { summaryOpen = dialog; } });
      summaryOpen = null;
    }
    if (holdOver) {
      holdOver = false;
      renderControls(view);
    }
    if (newHand && trickDone) renderView(view);
    if (newHand) deal();
    if (!trickDone || newHand) renderTrick(view.trick, view);
    for (const text of rules.announce(prev, view)) say(text);
    if (view.playing_out && !prev?.playing_out && rules.playingOut) say(rules.playingOut(view));
    if (view.over && !prev?.over) say(`Game over: ${rules.winner?.(view) ?? view.over.winner}.`);
    if (view.legal.length && !prev?.legal.length) {
      say("Your turn.");
      if (prev) play("turn");
    }
  }

  function betweenHands(view) {
    renderView(view);
    hand.render({ cards: [], enabled: new Set() });
    prompt.textContent = "";
    gamePanel.replaceChildren();
  }

  // The new hand is dealt from the middle of the table.
  function deal() {
    dealIn([...hand.element.querySelectorAll("button.card")], trickArea);
  }

  // ---- a card you must play plays itself ------------------------------------

  let forcedCode = null;
  let forcing = null;

  // The card that plays itself in `view`, if any: your only legal card, on the
  // last trick always, before it as the player's setting says.
  function forcedFor(view) {
    if (!view || watch || pending || view.over || view.seat == null) return null;
    if (view.legal.length !== 1 || !view.legal[0].startsWith("play ")) return null;
    if (view.hand.length > 1 && !forcedPlays()) return null;
    return view.legal[0].split(" ")[1];
  }

  // Once every change is drawn, the forced card waits its beat, then plays.
  function maybeForce() {
    clearTimeout(forcing);
    forcing = null;
    const view = shown;
    forcedCode = forcedFor(view);
    markForced();
    if (!forcedCode) return;
    forcing = setTimeout(() => {
      if (shown === view && !pending && !draining) act(view.legal[0]);
    }, FORCED_MS);
  }

  function markForced() {
    for (const card of hand.element.querySelectorAll("button.card")) {
      if (card.dataset.card === forcedCode) card.dataset.forced = "";
      else delete card.dataset.forced;
    }
  }

  // The cards played since the last view, one after another, then the
  // completed trick held for a moment with its winner marked.
  async function showPlays(prev, view, trickDone, oldRects) {
    const played = trickDone ? view.last_trick.cards : view.trick;
    const leader = trickDone ? view.last_trick.leader : view.leader;
    const before = trickDone || isPrefix(prev.trick, view.trick) ? prev.trick : [];
    const sameTrick = isPrefix(before, played) && cardsPlayed(view) - cardsPlayed(prev) <= 4;
    const fresh = sameTrick ? played.slice(before.length) : [];
    renderTrick(played.slice(0, played.length - fresh.length), view, leader);
    for (const [i, code] of fresh.entries()) {
      const seat = (leader + played.length - fresh.length + i) % 4;
      const card = addTrickCard(code, seat, view, leader);
      say(`${seatWord(view, seat)} played the ${cardName(code)}.`);
      play("card");
      // From your hand, or from the seat's side.
      await moveIn(card, oldRects[code] ?? seats[placeOf(view, seat)].getBoundingClientRect());
    }
    if (trickDone) {
      const winner = view.last_trick.winner;
      slots[placeOf(view, winner)].classList.add("winner");
      say(`${seatWord(view, winner)} ${winner === view.seat ? "win" : "wins"} the trick.`);
      play("trick");
      await wait(TRICK_PAUSE_MS[view.pace] ?? TRICK_PAUSE_MS.normal);
      await gather([...trickArea.querySelectorAll(".slot svg")], seats[placeOf(view, winner)]);
      renderTrick([], view);
    }
  }

  function handRects(view) {
    const rects = {};
    for (const code of view.hand) rects[code] = hand.rectOf(code);
    return rects;
  }

  // ---- drawing ------------------------------------------------------------

  function renderTrick(cards, view, leader = view.leader) {
    for (const slot of Object.values(slots)) {
      slot.replaceChildren();
      slot.classList.remove("led", "winner");
    }
    cards.forEach((code, i) => addTrickCard(code, (leader + i) % 4, view, leader));
    centre.textContent = cards.length ? "" : rules.centre(view);
  }

  function addTrickCard(code, seat, view, leader) {
    const slot = slots[placeOf(view, seat)];
    const svg = cardSVG(code);
    svg.setAttribute("aria-label", `${seatWord(view, seat)}: ${cardName(code)}${seat === leader ? ", led" : ""}`);
    slot.replaceChildren(svg);
    if (seat === leader) slot.append(html("span", { class: "led-mark", "aria-hidden": "true", text: "led" }));
    slot.classList.toggle("led", seat === leader);
    centre.textContent = "";
    return svg;
  }

  function renderView(view) {
    const waiting = view.status === "waiting";
    tableBox.hidden = waiting;
    if (waiting) {
      const problem = html("p", { class: "error", role: "alert" });
      room.replaceChildren(waitingRoom(view, { send: socket.send, problem }));
      return;
    }
    room.replaceChildren();
    renderFriends(view);
    for (let seat = 0; seat < 4; seat += 1) renderSeat(seats[placeOf(view, seat)], view, seat, { rules, send: socket.send });
    scoreboard.replaceChildren(withPace(rules.scoreboard(view), view));
    board.classList.toggle("deciding", !view.over && rules.deciding(view));
    renderControls(view);
    if (!sheet.hidden) sheet.replaceChildren(...sheetContent(view));
    if (view.over) {
      status.textContent = "";
      if (sheet.hidden) toggleSheet(true);
    }
  }

  // The bots' speed chosen for this table (and a daily deal's day), beside the scores.
  function withPace(bar, view) {
    if (view.daily) bar.append(html("span", { class: "table-state table-daily", text: `Daily deal · ${view.daily}` }));
    if (view.pace && view.seats.some((info) => info.bot)) {
      bar.append(html("span", { class: "table-state table-pace", text: `Bot speed: ${view.pace}` }));
    }
    return bar;
  }

  // At a table with friends: the draw, who watches, reactions, leaving.
  function renderFriends(view) {
    // Someone looking at another tab sees in this one's title that the table waits for them.
    const yourTurn = Boolean(view.hosting) && view.seat != null && view.legal.length > 0 && !view.over;
    document.title = yourTurn ? `Your turn · ${pageTitle}` : pageTitle;
    newGame.hidden = Boolean(view.hosting) && view.seat != null && !view.over;
    if (!view.hosting) {
      friends.replaceChildren();
      return;
    }
    const parts = [];
    const fresh = view.hand_number === 1 && cardsPlayed(view) === 0; // the draw, until the first card
    if (view.draw && fresh) parts.push(html("p", { class: "draw-line", text: drawText(view) }));
    if (view.spectators) parts.push(html("p", { class: "muted watching", text: `${view.spectators} watching` }));
    if (view.seat != null) {
      parts.push(reactionBar(socket.send));
      const leave = html("button", { type: "button", class: "secondary leave", text: "Leave the table" });
      leave.addEventListener("click", () => {
        if (confirm("Leave the table? A bot takes your seat.")) socket.send({ type: "leave" });
      });
      parts.push(leave);
    } else {
      parts.push(html("p", { class: "muted", text: "You are watching: you see what every player sees, no one's hand." }));
    }
    friends.replaceChildren(...parts);
  }

  function suggestedCards() {
    if (!suggestion) return new Set();
    const [verb, ...codes] = suggestion.split(" ");
    return verb === "play" || verb === "pass" ? new Set(codes) : new Set();
  }

  function renderControls(view) {
    if (!view) return;
    const focusWas = focusAmong(hand, gamePanel); // kept through the re-render
    const selecting = rules.selecting(view);
    const enabled = new Set();
    for (const action of pending ? [] : view.legal) {
      const [verb, ...codes] = action.split(" ");
      if (verb === "play" || (verb === "pass" && selecting)) codes.forEach((c) => enabled.add(c));
    }
    hand.render({
      cards: view.hand,
      enabled,
      selected,
      selecting,
      marked: rules.marked(view),
      suggested: suggestedCards(),
      faceDown: rules.faceDown?.(view) ?? false,
    });
    // Marked as it is enabled, so nobody (nor a test) takes it for one to click.
    forcedCode = forcedFor(view);
    markForced();
    hintButton.disabled = !view.legal.length;
    // No hint for a spectator, nor where the host turned hints off.
    hintButton.hidden = view.seat == null || view.hosting?.hints === false;
    lastButton.disabled = !view.last_trick;
    prompt.textContent = view.over ? "" : rules.playingOut?.(view)
      ?? (view.legal.length ? rules.prompt(view) : waitingText(view));
    gamePanel.replaceChildren(...[view.over ? (holdOver ? null : overPanel(view)) : rules.panel(view, controls)].filter(Boolean));
    restoreFocus(focusWas, hand, gamePanel);
  }

  function waitingText(view) {
    if (view.passing) return "Waiting for the others to pass…";
    if (view.player == null || view.player < 0) return "";
    return `Waiting for ${view.seats[view.player].name}…`;
  }

  function overPanel(view) {
    const people = view.seats.filter((info) => info.person);
    const withFriends = Boolean(view.hosting) && people.length > 1;
    const voted = view.seats[view.seat ?? -1]?.rematch;
    const again = html("button", { type: "button", class: "primary", text: withFriends ? "Rematch" : "Play again" });
    again.disabled = view.seat == null || Boolean(voted);
    again.addEventListener("click", () => {
      again.disabled = true;
      socket.send({ type: "rematch" });
    });
    const mine = view.seat != null && view.over.seats?.includes(view.seat);
    const parts = [
      html("h2", { text: "Game over" }),
      html("p", { class: "winner-line", text: rules.winner?.(view) ?? view.over.winner }),
      view.seat == null ? null : html("p", { text: mine ? "Well played: you win." : "Better luck next time." }),
      again,
    ];
    if (withFriends) {
      const waiting = people.filter((info) => !info.rematch).map((info) => (info.you ? "you" : info.name));
      const said = people.some((info) => info.rematch);
      if (said) parts.push(html("p", { class: "rematch-votes", text: waiting.length ? `Rematch: waiting for ${waiting.join(", ")}.` : "Rematch: everyone said yes." }));
    }
    if (view.seat != null) parts.push(html("p", {}, recordLink(view)));
    return html("div", { class: "game-over" }, ...parts);
  }

  // The whole game as a parlour-record/1 file: it replays exactly (`parlour
  // replay`). Asked for with the seat's token, so it is fetched, then saved.
  function recordLink(view) {
    const name = `parlour-${view.game}-${view.table}.json`;
    const link = html("a", { class: "record-link", href: "#", download: name, text: "Save the game record" });
    link.addEventListener("click", async (event) => {
      if (link.dataset.ready) return;
      event.preventDefault();
      const response = await fetch(`/api/tables/${encodeURIComponent(view.table)}/record`, {
        headers: { Authorization: `Bearer ${seatToken(view.table) ?? ""}` },
      });
      if (!response.ok) {
        say("The record could not be fetched: try again.", { visible: true, error: true });
        return;
      }
      link.href = URL.createObjectURL(await response.blob());
      link.dataset.ready = "1";
      link.click();
    });
    return link;
  }

  // What the game's panel may use.
  const controls = {
    act,
    selected,
    suggestion: () => suggestion,
    refresh: () => renderControls(shown),
  };
}

/** The game's page: the options panel at /game, the table at /game/<id>. */
export function openTablePage(rules) {
  const container = document.getElementById("game");
  const table = location.pathname.split("/")[2];
  if (table) {
    document.querySelector("main").classList.add("full");
    document.getElementById("game-title").classList.add("visually-hidden");
    const watch = new URLSearchParams(location.search).has("watch");
    mountTrickTable(container, decodeURIComponent(table), rules, { watch });
  } else {
    mountNewGame(container, rules.game);
  }
}
