// The new-game panel: the game's options (as the server lists them), the bot
// level and speed, and a Start button. The server judges the options; a refusal is shown
// with its reason. The last choices per game are remembered in this browser.

import { element } from "/static/elements.js";
import { goToTable } from "/static/seats.js";
import { mountTrickDaily } from "/static/trick-daily-panel.js";
import { rememberedName } from "/static/trick-room.js";

const GAME_NAMES = { spades: "Spades", hearts: "Hearts", klondike: "Klondike" };
const storageKey = (game) => `parlour.newgame.${game}`;

function remembered(game) {
  try {
    return JSON.parse(localStorage.getItem(storageKey(game))) || {};
  } catch {
    return {};
  }
}

function remember(game, choice) {
  try {
    localStorage.setItem(storageKey(game), JSON.stringify(choice));
  } catch {
    // storage refused: the next game starts from the defaults
  }
}

// Levels and choices may come as plain strings or as {value/name, label}.
const valueOf = (item) => (typeof item === "object" ? item.value ?? item.name : item);
const labelOf = (item) => {
  if (typeof item === "object") return item.label ?? String(valueOf(item));
  const text = String(item).replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
};

function hintFor(option, id) {
  return option.help ? element("p", { class: "hint", id: `${id}-hint`, text: option.help }) : null;
}

/** One labelled control; returns {row, read} where read() gives its value. */
function control(option, saved) {
  const id = `opt-${option.name}`;
  const hint = hintFor(option, id);
  const described = hint ? `${id}-hint` : null;
  const start = option.name in saved ? saved[option.name] : option.default;

  if (option.type === "bool") {
    const box = element("input", { type: "checkbox", id, name: option.name, "aria-describedby": described });
    box.checked = Boolean(start);
    const row = element("div", { class: "field" }, element("label", { class: "check", for: id }, box, option.label));
    if (hint) row.append(hint);
    return { row, read: () => box.checked };
  }

  if (option.type === "choice") {
    const select = element("select", { id, name: option.name, "aria-describedby": described });
    for (const choice of option.choices) {
      const opt = element("option", { value: String(valueOf(choice)), text: labelOf(choice) });
      opt.selected = valueOf(choice) === start;
      select.append(opt);
    }
    const row = element("div", { class: "field" }, element("label", { for: id, text: option.label }), select);
    if (hint) row.append(hint);
    const values = option.choices.map(valueOf);
    return { row, read: () => values.find((value) => String(value) === select.value) };
  }

  // int, perhaps optional: null means the option is off (or unlimited).
  const number = element("input", {
    type: "number", id, name: option.name, step: option.step ?? 1, inputmode: "numeric",
    min: option.min, max: option.max, "aria-describedby": described,
  });
  const row = element("div", { class: "field" }, element("label", { for: id, text: option.label }), number);
  if (!option.optional) {
    number.value = start ?? "";
    if (hint) row.append(hint);
    return { row, read: () => (number.value === "" ? null : Number(number.value)) };
  }
  const off = element("input", { type: "checkbox", id: `${id}-off`, "aria-controls": id });
  const offLabel = option.null_label ?? "Off";
  row.append(element("label", { class: "check", for: `${id}-off` }, off, offLabel));
  if (hint) row.append(hint);
  const fallback = option.suggested ?? option.min ?? 0;
  off.checked = start === null || start === undefined;
  number.value = off.checked ? "" : start;
  number.disabled = off.checked;
  off.addEventListener("change", () => {
    number.disabled = off.checked;
    if (!off.checked && number.value === "") number.value = fallback;
    if (!off.checked) number.focus();
  });
  return { row, read: () => (off.checked || number.value === "" ? null : Number(number.value)) };
}

/** A labelled select of the server's items, `wanted` chosen (if offered). */
function pickControl(id, label, items, wanted, help = null) {
  const select = element("select", { id, name: id.replace("opt-", ""), "aria-describedby": help ? `${id}-hint` : null });
  for (const item of items) {
    const opt = element("option", { value: valueOf(item), text: labelOf(item) });
    opt.selected = valueOf(item) === wanted;
    select.append(opt);
  }
  const row = element("div", { class: "field" }, element("label", { for: id, text: label }), select);
  if (help) row.append(element("p", { class: "hint", id: `${id}-hint`, text: help }));
  return { row, read: () => select.value };
}

async function errorText(response) {
  try {
    const body = await response.json();
    if (body && body.error) return body.error;
  } catch {
    // not JSON: fall through to the status line
  }
  return `The server refused the game (${response.status} ${response.statusText}).`;
}

/** Renders the options form for `game` into `container`; Start opens the table. */
export async function mountNewGame(container, game) {
  const name = GAME_NAMES[game] ?? game;
  const form = element("form", { class: "newgame panel", "aria-labelledby": "newgame-title", novalidate: true });
  form.append(element("h2", { id: "newgame-title", text: `New game of ${name}` }));
  container.replaceChildren(form);
  if (game === "spades" || game === "hearts") {
    // Today's deal against the expert bots, under the form (Klondike's is the page's own).
    const daily = element("section", { id: "daily", class: "daily panel" });
    container.append(daily);
    mountTrickDaily(daily, game);
  }

  let catalogue;
  try {
    const response = await fetch("/api/options");
    if (!response.ok) throw new Error(await errorText(response));
    catalogue = await response.json();
  } catch (problem) {
    form.append(element("p", { class: "error", role: "alert", text: `Could not load the options: ${problem.message}` }));
    return;
  }

  const saved = remembered(game);
  const savedOptions = saved.options ?? {};
  const options = catalogue[game] ?? [];
  const controls = options.map((option) => [option.name, control(option, savedOptions)]);
  const fields = element("fieldset", {}, element("legend", { text: "Rules" }), ...controls.map(([, c]) => c.row));
  if (controls.length) form.append(fields);

  const levels = catalogue.levels?.[game] ?? [];
  // Levels come weakest first; the server names the everyday opponent.
  const level = levels.length
    ? pickControl("opt-level", "Opponents", levels, saved.level ?? catalogue.default_level ?? valueOf(levels[0]))
    : null;
  // How quickly the bots play: only where there are bots (not Klondike).
  const paces = levels.length ? catalogue.paces ?? [] : [];
  const pace = paces.length
    ? pickControl("opt-pace", "Bot speed", paces, saved.pace ?? "normal", "How quickly the bots play their cards.")
    : null;

  // Spades and Hearts: against bots, or a table for friends (bots in the seats left empty).
  let friends = null;
  if (levels.length) friends = friendsControls(game, saved.friends ?? {});

  let winnable = null;
  let dealNumber = null;
  if (game === "klondike") {
    const box = element("input", { type: "checkbox", id: "opt-winnable", name: "winnable_only" });
    box.checked = Boolean(saved.winnable_only);
    winnable = box;
    dealNumber = element("input", { type: "number", id: "opt-seed", name: "seed", min: 0, step: 1, inputmode: "numeric", "aria-describedby": "opt-seed-hint" });
  }

  if (level || winnable) {
    const deal = element("fieldset", {}, element("legend", { text: game === "klondike" ? "The deal" : "The table" }));
    if (friends) deal.append(friends.who);
    if (level) deal.append(level.row);
    if (pace) deal.append(pace.row);
    if (winnable) {
      deal.append(
        element("div", { class: "field" }, element("label", { class: "check", for: "opt-winnable" }, winnable, "Winnable deals only")),
        element("div", { class: "field" },
          element("label", { for: "opt-seed", text: "Deal number" }), dealNumber,
          element("p", { class: "hint", id: "opt-seed-hint", text: "Optional: the same number deals the same cards again." })),
      );
    }
    form.append(deal);
    if (friends) {
      form.append(friends.fields);
      friends.sync();
    }
  }

  const problem = element("p", { class: "error", role: "alert", "aria-live": "assertive" });
  const start = element("button", { type: "submit", class: "primary", text: "Start" });
  const rules = element("a", { href: `/rules/${game}`, text: `How to play ${name}` });
  form.append(problem, element("div", { class: "button-row" }, start, rules));

  const busy = (on) => {
    start.disabled = on;
    start.textContent = !on ? "Start" : winnable?.checked ? "Finding a winnable deal…" : "Dealing…";
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    problem.textContent = "";
    const chosen = Object.fromEntries(controls.map(([key, c]) => [key, c.read()]));
    const request = { game, options: chosen };
    if (level) request.level = level.read();
    if (pace) request.pace = pace.read();
    if (winnable) request.winnable_only = winnable.checked;
    if (dealNumber && dealNumber.value !== "") request.seed = Number(dealNumber.value);
    let hosting = null;
    try {
      hosting = friends?.read() ?? null;
    } catch (missing) {
      problem.textContent = missing.message;
      return;
    }
    if (hosting) request.friends = hosting.friends;

    busy(true);
    try {
      if (hosting) {
        const named = await fetch("/api/me", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: hosting.name }),
        });
        if (!named.ok) throw new Error(await errorText(named));
        try { localStorage.setItem("parlour.name", hosting.name); } catch { /* not kept */ }
      }
      const response = await fetch("/api/tables", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(request),
      });
      if (response.ok) {
        remember(game, { options: chosen, level: request.level, pace: request.pace, winnable_only: request.winnable_only, friends: hosting ? { ...hosting.friends, on: true } : { ...(saved.friends ?? {}), on: false } });
        goToTable(await response.json());
        return; // the button stays busy while the table page loads
      }
      problem.textContent = await errorText(response);
    } catch (failure) {
      problem.textContent = `Could not reach the server: ${failure.message}`;
    }
    busy(false);
  });
}

/** Who plays: bots, or friends at one table (with how the table is run). */
function friendsControls(game, saved) {
  const bots = element("input", { type: "radio", name: "who", id: "who-bots", value: "bots" });
  const people = element("input", { type: "radio", name: "who", id: "who-friends", value: "friends" });
  bots.checked = !saved.on;
  people.checked = Boolean(saved.on);
  const who = element("div", { class: "field who", role: "radiogroup", "aria-label": "Who plays" },
    element("label", { class: "check", for: "who-bots" }, bots, "Play against bots"),
    element("label", { class: "check", for: "who-friends" }, people, "Play with friends"));

  const name = element("input", { type: "text", id: "opt-host-name", maxlength: "24", autocomplete: "nickname" });
  name.value = rememberedName();
  const listed = element("input", { type: "checkbox", id: "opt-listed" });
  listed.checked = Boolean(saved.listed);
  const watchable = element("input", { type: "checkbox", id: "opt-watchable" });
  watchable.checked = saved.watchable ?? true;
  const hints = element("input", { type: "checkbox", id: "opt-hints" });
  hints.checked = saved.hints ?? true;
  const timer = pickControl("opt-timer", "Turn timer", [{ value: "", label: "Off" }, { value: "30", label: "30 s" }, { value: "60", label: "60 s" }, { value: "90", label: "90 s" }], saved.turn_timer ? String(saved.turn_timer) : "");
  const grace = pickControl("opt-grace", "A bot plays for someone away after", [15, 30, 60, 120, 300].map((n) => ({ value: String(n), label: n < 60 ? `${n} s` : `${n / 60} min` })), String(saved.grace ?? 60));
  const partners = game === "spades"
    ? pickControl("opt-partners", "Partners", [{ value: "seats", label: "As seated (opposite you)" }, { value: "draw", label: "Drawn by the cards" }], saved.partners ?? "draw")
    : null;
  const fields = element("fieldset", { class: "friends-fields" }, element("legend", { text: "The table with friends" }),
    element("div", { class: "field" }, element("label", { for: "opt-host-name", text: "Your name" }), name),
    element("div", { class: "field" }, element("label", { class: "check", for: "opt-listed" }, listed, "List it in the lobby (anyone may join)")),
    element("div", { class: "field" }, element("label", { class: "check", for: "opt-watchable" }, watchable, "Spectators may watch")),
    element("div", { class: "field" }, element("label", { class: "check", for: "opt-hints" }, hints, "Players may ask for hints")),
    ...(partners ? [partners.row] : []), timer.row, grace.row,
    element("p", { class: "hint", text: "Seats nobody takes get bots when you start. You get a link and a code to invite people." }));
  const sync = () => {
    fields.hidden = !people.checked;
    // With friends the level is that of the bots in the seats nobody takes.
    const label = document.querySelector('label[for="opt-level"]');
    if (label) label.textContent = people.checked ? "Bots in empty seats" : "Opponents";
  };
  bots.addEventListener("change", sync);
  people.addEventListener("change", sync);
  sync();
  return {
    who,
    fields,
    sync,
    read() {
      if (!people.checked) return null;
      const chosen = name.value.trim();
      if (!chosen) throw new Error("Your name first: the others see it at the table.");
      return {
        name: chosen,
        friends: {
          listed: listed.checked,
          watchable: watchable.checked,
          hints: hints.checked,
          turn_timer: timer.read() ? Number(timer.read()) : null,
          grace: Number(grace.read()),
          ...(partners ? { partners: partners.read() } : {}),
        },
      };
    },
  };
}
