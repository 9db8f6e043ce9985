// Shared by every page: the "animations off" setting and the current nav link.
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

// The section a link belongs to: every rules page counts as "Rules".
function section(path) {
  return path.startsWith("/rules/") ? "/rules" : path.replace(/\/+$/, "") || "/";
}

function markCurrentLink() {
  const here = section(location.pathname);
  for (const link of document.querySelectorAll("header.site a[href]")) {
    const target = section(new URL(link.href, location.href).pathname);
    const current = target === "/" ? here === "/" : here === target || here.startsWith(target + "/");
    if (current) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

if (storedMotion() === "off") document.documentElement.classList.add("no-motion");
markCurrentLink();
