// The new-game panel: the game's options (as the server lists them), the bot
// level and speed, and a Start button. The server judges the options; a refusal is shown
// with its reason. The last choices per game are remembered in this browser.

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

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children);
  return node;
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

    busy(true);
    try {
      const response = await fetch("/api/tables", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(request),
      });
      if (response.ok) {
        remember(game, { options: chosen, level: request.level, pace: request.pace, winnable_only: request.winnable_only });
        location.assign((await response.json()).url);
        return; // the button stays busy while the table page loads
      }
      problem.textContent = await errorText(response);
    } catch (failure) {
      problem.textContent = `Could not reach the server: ${failure.message}`;
    }
    busy(false);
  });
}
