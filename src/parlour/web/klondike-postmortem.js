// The post-mortem of a lost Klondike deal: the server works it out (the solver
// in its worker pool) and this panel follows its progress, then shows what it
// found: whether the deal could be won, the last position from which it could,
// the move that lost it, and the winning line from there, a step at a time on
// a small table of its own.

import { Board } from "/static/klondike-board.js";
import { parseAction } from "/static/klondike-moves.js";

const POLL_MS = 500;
const $ = (id) => document.getElementById(id);

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : word.endsWith("s") ? "es" : "s"}`;
}

/** The headline and the sentence under it, for each verdict. */
function verdictWords(review) {
  const lost = review.losing_move;
  const limit = `${review.seconds} seconds a position`;
  switch (review.verdict) {
    case "lost":
      return [`Your move ${lost.number} lost the win.`,
        `${review.from_start === "win" ? "The deal could be won from the start. " : ""}After move ${review.last_winnable} a win was still there; after move ${lost.number} the solver proves none is left.`];
    case "maybe":
      return [`A win was certain until move ${review.last_winnable}.`,
        `After move ${lost.number} the solver could not find a win in its time (${limit}): the win may have been lost there, or later.`];
    case "winnable":
      return [review.given_up ? "This deal could still be won when you gave up." : "This deal could still be won.",
        review.moves ? `Here is a winning line from where you stopped, after ${plural(review.moves, "move")}.` : "Here is a winning line from the deal."];
    case "never":
      return ["This deal could not be won.", "The solver proves no win existed from the deal itself: no move of yours lost it."];
    default:
      return ["Unknown: the solver could not tell.", review.passes
        ? `It could not find a win it could use, nor prove there was none, in its time (${limit}): with ${plural(review.passes, "pass")} through the stock allowed, the wins it finds may need more passes than that, and prove nothing.`
        : `It could not find a win, nor prove there was none, in its time (${limit}). Some deals are too hard to settle that fast.`];
  }
}

export class Postmortem {
  /** `headers()`: the seat's authorization; `onClose`: the panel was closed. */
  constructor({ table, headers }) {
    this.table = table;
    this.headers = headers;
    this.dialog = $("postmortem");
    this.board = null; // made when there is a position to show
    this.review = null;
    this.step = 0; // 0: the last winnable position; 1..: the winning line's steps
    this.polling = null;
    $("pm-prev").addEventListener("click", () => this.show(this.step - 1));
    $("pm-next").addEventListener("click", () => this.show(this.step + 1));
    $("pm-close").addEventListener("click", () => this.dialog.close());
    $("pm-retry").addEventListener("click", () => this.open());
    $("pm-reveal").addEventListener("change", () => this.show(this.step));
    this.dialog.addEventListener("close", () => clearTimeout(this.polling));
    // Laid out again when the panel's width changes (a turned phone, a resized window).
    let width = 0;
    new ResizeObserver(([entry]) => {
      const now = Math.round(entry.contentRect.width);
      if (!this.board || !this.dialog.open || now === width) return;
      width = now;
      this.fit();
      this.show(this.step);
    }).observe($("pm-board"));
    this.dialog.addEventListener("keydown", (event) => {
      if (!this.review?.line.length) return;
      if (event.key === "ArrowRight") this.show(this.step + 1);
      else if (event.key === "ArrowLeft") this.show(this.step - 1);
    });
  }

  /** Open the panel and follow the post-mortem until it is done (an answer already in hand: `first`). */
  async open(first = null) {
    clearTimeout(this.polling);
    this.dialog.dataset.state = "working";
    $("pm-working").hidden = false;
    $("pm-result").hidden = true;
    $("pm-failed").hidden = true;
    if (!this.dialog.open) this.dialog.showModal();
    await this.follow(first);
  }

  async follow(answer) {
    if (!answer) {
      try {
        const response = await fetch(`/api/tables/${this.table}/postmortem`, { headers: this.headers() });
        answer = await response.json();
        if (!response.ok) answer = { status: "failed", error: answer.error || response.statusText };
      } catch {
        answer = { status: "failed", error: "the server did not answer" };
      }
    }
    if (answer.status === "working") {
      const { step, steps } = answer;
      $("pm-progress").max = steps;
      $("pm-progress").value = step;
      $("pm-progress-text").textContent = answer.waiting
        ? "Waiting for the solver: it is looking back at another deal…"
        : step === 0 ? "The solver is looking at the positions you reached…"
        : `The solver has judged ${plural(step, "position")} of about ${steps}…`;
      this.polling = setTimeout(() => this.follow(null), POLL_MS);
      return;
    }
    $("pm-working").hidden = true;
    if (answer.status === "done") {
      this.render(answer.postmortem);
      return;
    }
    this.dialog.dataset.state = "failed";
    $("pm-failed").hidden = false;
    $("pm-failed-text").textContent = answer.status === "failed"
      ? `No post-mortem: ${answer.error}.` : "This deal is not lost: there is nothing to look back on.";
  }

  render(review) {
    this.review = review;
    const [headline, detail] = verdictWords(review);
    $("pm-verdict").textContent = headline;
    $("pm-detail").textContent = detail;
    $("pm-result").hidden = false;
    const shown = Boolean(review.board);
    $("pm-steps").hidden = !shown;
    this.dialog.dataset.state = "done";
    this.dialog.dataset.verdict = review.verdict;
    if (!shown) return;
    this.board ??= new Board($("pm-board"));
    this.fit();
    this.show(0);
  }

  /** Cards the size the panel has room for: seven across. */
  fit() {
    const root = $("pm-board");
    const width = Math.floor(Math.max(30, Math.min(64, (root.clientWidth - 6 * 6 - 8) / 7)));
    root.style.setProperty("--card-w", `${width}px`);
    root.style.setProperty("--card-h", `${Math.round(width * 1.4)}px`);
    this.board.cardHeight = Math.round(width * 1.4);
  }

  /** Step `step` of the look back: the last winnable position with the move that lost it, then the line. */
  show(step) {
    const review = this.review;
    if (!review?.board) return;
    this.step = Math.max(0, Math.min(step, review.line.length));
    const lost = review.losing_move;
    let words;
    let marks = {};
    if (this.step === 0) {
      words = lost
        ? `After move ${review.last_winnable} the deal could still be won. Your move ${lost.number} was: ${lost.words}`
        : review.moves ? `Where you stopped, after ${plural(review.moves, "move")}.` : "The deal as it was dealt.";
      if (lost) marks = { hint: markOf(lost.action) };
      this.draw(review.board, marks);
    } else {
      const move = review.line[this.step - 1];
      words = `The winning line, step ${this.step} of ${review.line.length}: ${move.words}`;
      this.draw(move.board);
    }
    const next = review.line[this.step];
    if (this.step === 0 && next) words += ` ${lost ? "The win went instead" : "The win goes"}: ${next.words}`;
    $("pm-step").textContent = words;
    $("pm-step").dataset.step = String(this.step);
    $("pm-prev").disabled = this.step === 0;
    $("pm-next").disabled = this.step === review.line.length;
  }

  /** The table as the player saw it, or with its face-down cards turned up and marked. */
  draw(view, marks = {}) {
    const reveal = $("pm-reveal").checked && view.down;
    const shown = !reveal ? view : {
      ...view,
      tableau: view.tableau.map((pile, p) => ({ hidden: 0, face_up: [...view.down[p], ...pile.face_up] })),
    };
    this.board.render(shown, marks);
    const down = new Set(reveal ? view.down.flat() : []);
    for (const node of $("pm-board").querySelectorAll(".card[data-key]")) {
      node.classList.toggle("revealed", down.has(node.dataset.key));
    }
  }
}

/** Where a move goes from and to, lit up on the board. */
function markOf(action) {
  const move = parseAction(action);
  if (move.verb === "draw") return { source: "stock", count: 1, target: null };
  return { source: move.source, count: move.count, target: move.target?.startsWith("F") && move.target.length === 1 ? null : move.target };
}
