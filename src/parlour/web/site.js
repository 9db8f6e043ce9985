// Shared by every page: the player's settings (animations, sound, forced
// cards) and the site header with its nav and sound toggle. Other modules
// import motionAllowed() before animating anything and soundOn() before a sound.

const MOTION_KEY = "parlour.motion";
const SOUND_KEY = "parlour.sound";
const FORCED_KEY = "parlour.forced";

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage refused (private mode): the default applies
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not kept, but still applied to this page
  }
}

const storedMotion = () => stored(MOTION_KEY);

/** True unless the player or the system asked for no animations. */
export function motionAllowed() {
  if (document.documentElement.classList.contains("no-motion")) return false;
  return !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Remembers the player's choice and applies it at once. */
export function setMotion(on) {
  store(MOTION_KEY, on ? "on" : "off");
  document.documentElement.classList.toggle("no-motion", !on);
}

// Sound is on by default, but quiet on a phone (a touch screen) until asked for.
const phone = () => window.matchMedia("(pointer: coarse)").matches;

/** Whether the table's sounds are played. */
export function soundOn() {
  const value = stored(SOUND_KEY);
  return value == null ? !phone() : value === "on";
}

export function setSound(on) {
  store(SOUND_KEY, on ? "on" : "off");
  const toggle = document.querySelector("header.site .sound-toggle");
  if (toggle) showSound(toggle);
}

/** Whether a card you are forced to play (your only legal one) plays itself. */
export function forcedPlays() {
  return stored(FORCED_KEY) !== "off";
}

export function setForcedPlays(on) {
  store(FORCED_KEY, on ? "on" : "off");
}

// A speaker, with sound waves while sound is on and a cross while muted.
const SPEAKER = '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>';
const WAVES = '<path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';
const CROSS = '<path d="M16 9l6 6M22 9l-6 6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';

function showSound(toggle) {
  const on = soundOn();
  toggle.setAttribute("aria-pressed", String(!on));
  toggle.innerHTML = `<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">${SPEAKER}${on ? WAVES : CROSS}</svg>`;
  toggle.title = on ? "Sound on: click to mute" : "Muted: click for sound";
}

function soundToggle() {
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "sound-toggle";
  toggle.setAttribute("aria-label", "Mute");
  showSound(toggle);
  toggle.addEventListener("click", () => setSound(!soundOn()));
  return toggle;
}

/** The player's own setting (the system's reduced-motion is separate). */
export function motionSetting() {
  return storedMotion() !== "off";
}

// The games, in the order the nav and the rules tabs show them. Every page
// carries an empty <header class="site"> (and a rules page an empty
// nav.rule-tabs) and this module fills it, so the links live here only.
const GAMES = [
  ["spades", "Spades"],
  ["hearts", "Hearts"],
  ["klondike", "Klondike"],
];
const SECTIONS = [
  ...GAMES.map(([game, name]) => [`/${game}`, name]),
  ["/rules/spades", "Rules"],
  ["/stats", "Statistics"],
];

// The section a path belongs to: every rules page counts as "Rules".
function section(path) {
  return path.startsWith("/rules/") ? "/rules" : path.replace(/\/+$/, "") || "/";
}

function link(href, text, current) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  if (current) a.setAttribute("aria-current", "page");
  return a;
}

function navLink(href, text, here) {
  const target = section(href);
  return link(href, text, target === "/" ? here === "/" : here === target || here.startsWith(target + "/"));
}

function renderHeader() {
  const header = document.querySelector("header.site");
  if (!header) return;
  const here = section(location.pathname);
  const nav = document.createElement("nav");
  nav.setAttribute("aria-label", "Main");
  const brand = navLink("/", "Parlour", here);
  brand.className = "brand";
  const list = document.createElement("ul");
  for (const [href, text] of SECTIONS) {
    const item = document.createElement("li");
    item.append(navLink(href, text, here));
    list.append(item);
  }
  nav.append(brand, list, soundToggle());
  header.replaceChildren(nav); // drops the <noscript> way home
}

function renderRuleTabs() {
  const tabs = document.querySelector("nav.rule-tabs");
  if (!tabs) return;
  const here = location.pathname.replace(/\/+$/, "");
  tabs.replaceChildren(...GAMES.map(([game, name]) => link(`/rules/${game}`, name, here === `/rules/${game}`)));
}

if (storedMotion() === "off") document.documentElement.classList.add("no-motion");
renderHeader();
renderRuleTabs();
