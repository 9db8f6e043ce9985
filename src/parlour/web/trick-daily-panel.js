// The daily deal on the Spades and Hearts new-game page: today's deal against
// the expert bots (the same cards for everyone, one try each), where you stand
// with it, and your history of days, your first hand beside the expert's.

import { element } from "/static/elements.js";
import { dayWords } from "/static/klondike-daily.js";
import { goToTable } from "/static/seats.js";
import { comparisonText, fetchDay, handWords, signed, standing, wait, withDailyStyles } from "/static/trick-daily.js";

const NAMES = { spades: "Spades", hearts: "Hearts" };
const SHOWN_DAYS = 10;

/** "1 Dec": a history's day, short. */
const shortDay = (day) => new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { day: "numeric", month: "short" });

/** A first hand in a history's column: Spades "+52", Hearts "9" (points taken) or "moon". */
function column(game, result) {
  if (game === "spades") return signed(result.points);
  return result.moon ? "moon" : String(result.points);
}

/** Where the player stands with today's deal, in words. */
function yoursText(game, day) {
  if (!day.table) return "Not played yet today.";
  if (!day.you) return "You have begun it: go on where you left it.";
  if (day.expert.status === "done") return comparisonText(game, day.you, day.expert);
  const yours = `Your first hand is over: ${handWords(game, day.you)}.`;
  if (day.expert.status === "failed") return `${yours} The expert's could not be played: ${day.expert.reason}.`;
  return `${yours} The expert's is being played: come back in a moment.`;
}

function historyTable(game, days) {
  const table = element("table", { id: "daily-history", class: "daily-history" });
  table.append(element("caption", { text: game === "spades" ? "Your days" : "Your days: points taken" }));
  const yours = game === "spades" ? "Your side" : "You";
  table.innerHTML += `<thead><tr><th scope="col">Day</th><th scope="col" class="num">${yours}</th>`
    + '<th scope="col" class="num">Expert</th></tr></thead>';
  const body = table.createTBody();
  for (const day of days.slice(0, SHOWN_DAYS)) {
    const row = body.insertRow();
    const when = element("a", { href: day.url }, element("time", { datetime: day.day, text: shortDay(day.day) }));
    row.append(element("th", { scope: "row" }, when));
    row.append(element("td", { class: "num", text: day.you ? column(game, day.you) : "playing" }));
    row.append(element("td", { class: "num", text: day.expert ? column(game, day.expert) : "" }));
    if (day.you && day.expert) row.dataset.standing = standing(game, day.you, day.expert);
  }
  return table;
}

/** Fills `section` with today's Spades or Hearts deal and your history of days. */
export async function mountTrickDaily(section, game) {
  withDailyStyles();
  const name = NAMES[game];
  const title = element("h2", { id: "daily-title", text: `Daily ${name}` });
  const problem = element("p", { class: "error", role: "alert" });
  section.setAttribute("aria-labelledby", "daily-title");
  section.replaceChildren(title, element("p", { class: "muted", text: `One ${name} deal a day, the same cards for everyone, against the expert bots: one try each. Your first hand is scored beside the expert's own on the same cards in your seat.` }), problem);
  let day;
  try {
    day = await fetchDay(game);
  } catch (trouble) {
    problem.textContent = `Today's deal could not be found: ${trouble.message}.`;
    return;
  }
  title.textContent = `Daily ${name}: ${dayWords(day.day)}`;
  const status = element("p", { class: "daily-yours", role: "status", "aria-live": "polite" });
  const label = !day.table ? "Play today's deal" : !day.you ? "Go on with it" : "Look at your table";
  const play = element("button", { type: "button", class: day.table ? "secondary" : "primary", text: label });
  play.addEventListener("click", async () => {
    play.disabled = true;
    problem.textContent = "";
    try {
      const response = await fetch("/api/daily", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ game }),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.error || response.statusText);
      goToTable(answer);
    } catch (failure) {
      play.disabled = false;
      problem.textContent = `No daily deal: ${failure.message}`;
    }
  });
  let history = null;
  const show = (shown) => {
    status.textContent = yoursText(game, shown);
    if (shown.you && shown.expert.status === "done") status.dataset.standing = standing(game, shown.you, shown.expert);
    const fresh = shown.history.length ? historyTable(game, shown.history) : null;
    if (fresh) (history ? history.replaceWith(fresh) : section.append(fresh));
    else history?.remove();
    history = fresh;
  };
  section.append(status, element("div", { class: "button-row" }, play));
  show(day);
  section.dataset.ready = "true";
  if (location.hash === "#daily") section.scrollIntoView(); // from a summary's link: the form above loads late
  // Your hand is over and the expert's is still being played: asked again until
  // it is done, so the comparison comes up without a reload.
  for (let asks = 0; expertPlaying(day) && asks < MAX_ASKS; asks += 1) {
    await wait(POLL_MS);
    if (!section.isConnected) return;
    try {
      day = await fetchDay(game, day.day);
    } catch {
      continue; // the server away a moment: the next ask tries again
    }
    show(day);
  }
}

const POLL_MS = 1000;
const MAX_ASKS = 300; // five minutes: then the words say to come back
const expertPlaying = (day) => Boolean(day.you) && !["done", "failed"].includes(day.expert.status);
