// The table's motion: a card laid down comes from its player, a finished
// trick slides to its winner, a new hand is dealt from the middle. Each is
// short and skipped where the player's animations setting (or the system's
// reduced motion) says so; each resolves when it is done.

import { motionAllowed } from "/static/site.js";

const MOVE_MS = 200;
const GATHER_MS = 260;
const DEAL_MS = 260;
const DEAL_STAGGER_MS = 35;

const middleOf = (rect) => [rect.left + rect.width / 2, rect.top + rect.height / 2];

/** The offset from the middle of `to` to the middle of `from`. */
function offset(from, to) {
  const [fx, fy] = middleOf(from);
  const [tx, ty] = middleOf(to);
  return [fx - tx, fy - ty];
}

/** `card` arrives from `fromRect` (a card in your hand, or the seat's side). */
export async function moveIn(card, fromRect) {
  if (!motionAllowed()) return;
  const [dx, dy] = offset(fromRect, card.getBoundingClientRect());
  const animation = card.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(0.85)`, opacity: 0.6 }, { transform: "none", opacity: 1 }],
    { duration: MOVE_MS, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
  await animation.finished.catch(() => {});
}

/** The trick's `cards` slide into the seat element `winner` and fade. */
export async function gather(cards, winner) {
  if (!motionAllowed()) return;
  const to = winner.getBoundingClientRect();
  await Promise.all(cards.map((card) => {
    const [dx, dy] = offset(to, card.getBoundingClientRect());
    return card.animate(
      [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0 }],
      { duration: GATHER_MS, easing: "cubic-bezier(.4,0,.6,1)", fill: "forwards" },
    ).finished.catch(() => {});
  }));
}

/** The hand's `cards` come in from the middle of `from`, one after another
 * (not waited for: the table goes on while they arrive). */
export function dealIn(cards, from) {
  if (!motionAllowed()) return;
  const rect = from.getBoundingClientRect();
  cards.forEach((card, i) => {
    const [dx, dy] = offset(rect, card.getBoundingClientRect());
    card.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(0.5)`, opacity: 0 }, { transform: "none", opacity: 1 }],
      { duration: DEAL_MS, delay: i * DEAL_STAGGER_MS, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
    );
  });
}
