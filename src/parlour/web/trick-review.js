// Hand review: a finished hand stepped through trick by trick with all four
// hands as they were, and for each of your decisions the expert's view of
// the choices you had (judged on what you could see then, the real cards
// beside it). The server makes it in its worker pool; this dialog shows the
// progress, then the hand. Left and Right (or the buttons) step; Home and End
// jump to the deal and the last trick; N goes to the next mistake.

import { cardLabel, suitSymbol } from "/static/cards.js";
import { element as html } from "/static/elements.js";
import { placeOf } from "/static/trick-seats.js";

const POLL_MS = 300;
const RED = new Set(["H", "D"]);
const ORDER = { spades: "SHCD", hearts: "CDSH" };
const RANKS = "23456789TJQKA";

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A card as a player writes it, coloured by suit: "10♥". */
function short(code) {
  return html("span", { class: `rc${RED.has(code[1]) ? " red" : ""}`, "aria-label": cardLabel(code), text: `${code[0] === "T" ? "10" : code[0]}${suitSymbol(code[1])}` });
}

function shortText(code) {
  return `${code[0] === "T" ? "10" : code[0]}${suitSymbol(code[1])}`;
}

function choiceName(action) {
  // A card ("KH"), a pass ("KH QS 2C") or a bid ("bid 4", "bid nil").
  if (action.startsWith("bid ")) return action.slice(4) === "0" ? "nil" : action.slice(4);
  return action.split(" ").map(shortText).join(" ");
}

function sorted(cards, game) {
  const order = ORDER[game];
  return [...cards].sort((a, b) => order.indexOf(a[1]) - order.indexOf(b[1]) || RANKS.indexOf(b[0]) - RANKS.indexOf(a[0]));
}

/** Open the review of hand `hand` of the table on screen (`view`). */
export function openReview(view, hand, rules, token) {
  const title = html("h2", { id: "review-title", text: `Review of hand ${hand}` });
  const progress = html("progress", { max: "1", value: "0", "aria-label": "Judging your decisions" });
  const status = html("p", { class: "review-status", role: "status", text: "Judging your decisions…" });
  const content = html("div", { class: "review-content" }, status, progress);
  const close = html("button", { type: "button", class: "secondary review-close", text: "Close" });
  const dialog = html("dialog", { class: "review", "aria-labelledby": "review-title" }, html("div", { class: "review-head" }, title, close), content);
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
  load();

  async function load() {
    const url = `/api/tables/${encodeURIComponent(view.table)}/hands/${hand}/review`;
    while (dialog.open) {
      let answer;
      try {
        const response = await fetch(url, { headers: { Authorization: `Bearer ${token ?? ""}` } });
        answer = await response.json();
        if (!response.ok && response.status !== 202) throw new Error(answer.error ?? "the review is not available");
      } catch (e) {
        return failed(e.message);
      }
      if (answer.status === "done") return show(answer.review);
      if (answer.status === "failed") return failed(answer.reason);
      progress.max = String(Math.max(1, answer.total));
      progress.value = String(answer.done);
      status.textContent = `Judging your decisions… ${answer.done} of ${answer.total}`;
      await wait(POLL_MS);
    }
  }

  function failed(reason) {
    const again = html("button", { type: "button", class: "primary", text: "Try again" });
    again.addEventListener("click", () => {
      content.replaceChildren(status, progress);
      load();
    });
    content.replaceChildren(html("p", { class: "error", role: "alert", text: `The review could not be made: ${reason}` }), again);
  }

  function show(review) {
    dialog.dataset.ready = "";
    const steps = stepsOf(review, view, rules.game);
    let at = 0;
    const line = html("p", { class: `review-line${review.mistakes ? " lost" : ""}`, text: review.line });
    // A card other than one the expert plays without search is a mistake at any cost.
    const sure = review.decisions.some((d) => d.sure && d.mistake) ? ", or another card than one the expert always plays" : "";
    const counts = html("p", { class: "muted", text: `${review.decisions.length} decisions judged, ${review.mistakes} marked as ${review.mistakes === 1 ? "a mistake" : "mistakes"} (costing more than ${review.threshold} points${sure}).` });
    const stage = html("div", { class: "review-step", "aria-live": "polite", tabindex: "-1" });
    const prev = html("button", { type: "button", class: "secondary", text: "← Previous" });
    const next = html("button", { type: "button", class: "primary", text: "Next →" });
    const nextMistake = html("button", { type: "button", class: "secondary", text: "Next mistake" });
    const where = html("span", { class: "review-where" });
    const nav = html("div", { class: "review-nav" }, prev, where, next, nextMistake);
    content.replaceChildren(line, counts, nav, stage);
    const go = (i) => {
      at = Math.max(0, Math.min(steps.length - 1, i));
      stage.replaceChildren(renderStep(steps[at], review, view, rules.game));
      where.textContent = `${at === 0 ? "The deal" : `Trick ${at}`} (${at + 1} of ${steps.length})`;
      prev.disabled = at === 0;
      next.disabled = at === steps.length - 1;
      nextMistake.disabled = !steps.slice(at + 1).some((s) => s.decisions.some((d) => d.mistake));
      // A button disabled under the focus drops it: keep it in the dialog, so the keys still step.
      if (!dialog.contains(document.activeElement) || document.activeElement.disabled) stage.focus();
    };
    prev.addEventListener("click", () => go(at - 1));
    next.addEventListener("click", () => go(at + 1));
    nextMistake.addEventListener("click", () => {
      const found = steps.findIndex((s, i) => i > at && s.decisions.some((d) => d.mistake));
      if (found >= 0) go(found);
    });
    dialog.addEventListener("keydown", (event) => {
      if (event.target.closest?.("input, select, textarea")) return;
      const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: steps.length - 1 };
      if (event.key in moves) {
        event.preventDefault();
        go(moves[event.key]);
      } else if (event.key === "n" || event.key === "N") {
        nextMistake.click();
      }
    });
    go(0);
    next.focus();
  }
}

// The steps: the deal (with the bids or the pass), then each trick, each with
// the four hands as they were when it began and the decisions made in it.
function stepsOf(review, view, game) {
  let hands = review.deal.map((cards) => new Set(cards));
  const steps = [{ trick: null, hands: hands.map((h) => [...h]), decisions: review.decisions.filter((d) => d.kind !== "card") }];
  if (game === "hearts") {
    hands = hands.map((h, seat) => {
      const after = new Set(h);
      for (const c of review.passed[seat]) after.delete(c);
      for (const c of review.received[seat]) after.add(c);
      return after;
    });
  }
  review.tricks.forEach((trick, i) => {
    steps.push({ trick, hands: hands.map((h) => [...h]), decisions: review.decisions.filter((d) => d.kind === "card" && d.trick === i + 1) });
    trick.cards.forEach((code, k) => hands[(trick.leader + k) % 4].delete(code));
  });
  return steps;
}

function renderStep(step, review, view, game) {
  const me = review.seat;
  const name = (seat) => (seat === me ? "You" : view.seats[seat].name);
  const place = (seat) => placeOf({ seat: me }, seat);
  const played = new Map();
  if (step.trick) step.trick.cards.forEach((code, k) => played.set(code, (step.trick.leader + k) % 4));
  const seatsBox = html("div", { class: "review-table" });
  for (let seat = 0; seat < 4; seat += 1) {
    const cards = sorted(step.hands[seat], game).map((code) => {
      const card = short(code);
      if (played.has(code)) card.classList.add("played");
      return card;
    });
    const label = [name(seat), review.dealer === seat ? "dealer" : ""].filter(Boolean).join(" · ");
    seatsBox.append(html("div", { class: `review-seat review-${place(seat)}` },
      html("span", { class: "review-name", text: label }), html("span", { class: "review-cards" }, ...cards)));
  }
  const centre = html("div", { class: "review-trick" });
  if (step.trick) {
    const t = step.trick;
    centre.append(html("ol", {}, ...t.cards.map((code, k) => {
      const seat = (t.leader + k) % 4;
      return html("li", { class: seat === t.winner ? "won" : "" }, html("span", { text: `${name(seat)}: ` }), short(code),
        html("span", { class: "muted", text: k === 0 ? " led" : seat === t.winner ? " won it" : "" }));
    })));
    centre.append(html("p", { text: `${name(t.winner)} ${t.winner === me ? "win" : "wins"} the trick.` }));
  } else if (game === "hearts") {
    centre.append(html("p", { text: review.passed[me].length ? `You passed ${review.passed[me].map(shortText).join(" ")} and received ${review.received[me].map(shortText).join(" ")}.` : "No passing this hand." }));
  } else {
    centre.append(html("p", { text: `Bids: ${[0, 1, 2, 3].map((s) => `${name(s)} ${review.bids[s] === 0 ? "nil" : review.bids[s]}`).join(", ")}.` }));
  }
  seatsBox.append(centre);
  const parts = [seatsBox];
  if (!step.decisions.length && step.trick) {
    parts.push(html("p", { class: "muted", text: "No choice of yours here: your card was the only one, or any card was as good." }));
  }
  for (const d of step.decisions) parts.push(decisionBox(d, game));
  return html("div", {}, ...parts);
}

function decisionBox(d, game) {
  const lower = game === "hearts"; // Hearts: points taken, fewer is better
  const verb = { card: "You played", pass: "You passed", bid: "You bid" }[d.kind];
  const verdict = d.mistake
    ? html("p", { class: "verdict mistake", text: d.text })
    : html("p", { class: "verdict good", text: d.chosen === d.best ? "The expert's choice too." : `Close to the expert's ${choiceName(d.best)}: about ${d.cost.toFixed(1)} points between them.` });
  const head = html("tr", {},
    html("th", { scope: "col", text: d.kind === "card" ? "Card" : d.kind === "pass" ? "Pass" : "Bid" }),
    html("th", { scope: "col", class: "num", text: lower ? "Points expected (from what you saw)" : "Score expected (from what you saw)" }),
    html("th", { scope: "col", class: "num", text: lower ? "On the real cards" : "On the real cards" }),
    html("th", { scope: "col", text: "" }));
  const rows = d.choices.map((c) => {
    const notes = [c.action === d.chosen || choiceName(c.action) === choiceName(d.chosen) ? "yours" : "", c.action === d.best ? "the expert's" : ""].filter(Boolean).join(", ");
    return html("tr", { class: notes.includes("yours") ? "yours" : "" },
      html("th", { scope: "row", text: choiceName(c.action) }),
      html("td", { class: "num", text: c.value.toFixed(1) }),
      html("td", { class: "num", text: c.real == null ? "—" : String(Math.round(c.real * 10) / 10) }),
      html("td", { class: "muted", text: notes }));
  });
  return html("section", { class: `decision${d.mistake ? " mistake" : ""}`, "aria-label": `${verb} ${choiceName(d.chosen)}` },
    html("h3", { text: `${verb} ${choiceName(d.chosen)}` }), verdict,
    html("div", { class: "table-scroll" }, html("table", { class: "sheet choices" }, html("thead", {}, head), html("tbody", {}, ...rows))));
}
