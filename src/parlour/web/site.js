// Shared by every page: the "animations off" setting and the site header with its nav.
// Other modules import motionAllowed() before animating anything.

const MOTION_KEY = "parlour.motion";

function storedMotion() {
  try {
    return localStorage.getItem(MOTION_KEY);
  } catch {
    return null; // storage refused (private mode): the default applies
  }
}

/** True unless the player or the system asked for no animations. */
export function motionAllowed() {
  if (document.documentElement.classList.contains("no-motion")) return false;
  return !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Remembers the player's choice and applies it at once. */
export function setMotion(on) {
  try {
    localStorage.setItem(MOTION_KEY, on ? "on" : "off");
  } catch {
    // not kept, but still applied to this page
  }
  document.documentElement.classList.toggle("no-motion", !on);
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
  nav.append(brand, list);
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
