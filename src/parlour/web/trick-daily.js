// The daily deal at a Spades or Hearts table: after its first hand, your score
// beside the expert's own on the same cards in your seat (the server plays the
// expert's hand in its worker pool: asked again until it is done). The words
// for both are here, for the summary and the new-game page's panel alike.

import { element } from "/static/elements.js";

const POLL_MS = 400;
export const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The daily deal's styles, added to the page once (the pages link the game's own). */
export function withDailyStyles() {
  if (document.querySelector('link[href="/static/trick-daily.css"]')) return;
  document.head.append(element("link", { rel: "stylesheet", href: "/static/trick-daily.css" }));
}

/** Spades points as the score sheet writes them: "+52", "-40", "0". */
export const signed = (points) => (points > 0 ? `+${points}` : String(points));

/** Hearts points taken: "1 point", "9 points". */
export const pointsTaken = (points) => `${points} point${points === 1 ? "" : "s"}`;

/** What a seat made in a first hand, short, for the history's columns. */
export function handWords(game, result) {
  if (!result) return "";
  if (game === "spades") return signed(result.points);
  return result.moon ? "shot the moon" : pointsTaken(result.points);
}

/** "Your side made +52; the expert in your seat made +61 on the same cards." */
export function comparisonText(game, you, expert) {
  if (game === "spades") {
    return `Your side made ${signed(you.points)}; the expert in your seat made ${signed(expert.points)} on the same cards.`;
  }
  const yours = you.moon ? "You shot the moon" : `You took ${pointsTaken(you.points)}`;
  const theirs = expert.moon ? "the expert in your seat shot the moon" : `the expert in your seat took ${expert.points}`;
  return `${yours}; ${theirs}.`;
}

/** Ahead, level or behind the expert (Hearts: fewer points is better). */
export function standing(game, you, expert) {
  const ours = game === "spades" ? you.points : -you.points;
  const theirs = game === "spades" ? expert.points : -expert.points;
  return ours > theirs ? "ahead" : ours < theirs ? "behind" : "level";
}

/** The day's table of a trick game, as the server tells it. */
export async function fetchDay(game, day) {
  const query = new URLSearchParams({ game });
  if (day) query.set("day", day);
  const response = await fetch(`/api/daily?${query}`);
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || response.statusText);
  return answer;
}

/** An element for the hand's summary of a daily deal's table `view`. */
export function dailyComparison(view) {
  withDailyStyles();
  const line = element("p", { class: "daily-line", text: "The expert is playing your cards…" });
  const history = element("a", { href: `/${view.game}#daily`, text: "Your daily deals" });
  const again = element("button", { type: "button", class: "secondary", text: "Ask again", hidden: "" });
  const box = element("div", { class: "daily-comparison", role: "status", "aria-live": "polite" }, line, element("p", {}, history, " ", again));
  again.addEventListener("click", () => {
    again.hidden = true;
    shown("working", "The expert is playing your cards…");
    compare();
  });
  box.dataset.day = view.daily;
  box.dataset.state = "working";
  compare();
  return box;

  async function compare() {
    for (;;) {
      let day;
      try {
        day = await fetchDay(view.game, view.daily);
      } catch (problem) {
        return shown("failed", `The expert's score could not be found: ${problem.message}.`);
      }
      const expert = day.expert;
      if (expert.status === "done" && day.you) {
        box.dataset.standing = standing(view.game, day.you, expert);
        return shown("done", comparisonText(view.game, day.you, expert));
      }
      if (expert.status === "failed") return shown("failed", `The expert's score is not known: ${expert.reason}.`);
      await wait(POLL_MS);
      if (!box.isConnected) return; // the summary was closed: nobody is waiting for it
    }
  }

  function shown(state, text) {
    box.dataset.state = state;
    line.textContent = text;
    again.hidden = state !== "failed";
  }
}
