// A won deal ends as it did on the old desktops: the cards leap off the
// foundations one after another and bounce away across the table. About two
// seconds, skipped with a click or a key, and not at all when motion is off
// (the system's reduced motion, or the site's animations setting).

import { cardSVG } from "/static/cards.js";
import { FOUNDATIONS } from "/static/klondike-board.js";
import { motionAllowed } from "/static/site.js";

const RANKS = "A23456789TJQK";
const GAP_MS = 28; // between one card's leap and the next
const FLIGHT_MS = 1100;
const FRAME_MS = 1000 / 60;
const GRAVITY = 0.9; // pixels a frame, a frame
const BOUNCE = 0.72;

/** The path of one leaping card: offsets from where it starts, sampled along its flight. */
function flight(start, floor, seed) {
  const frames = Math.round(FLIGHT_MS / FRAME_MS);
  const vx0 = (seed % 2 ? 1 : -1) * (3 + ((seed * 7) % 5));
  let vx = vx0;
  let vy = -4 - ((seed * 3) % 6);
  let x = 0;
  let y = 0;
  const keyframes = [{ transform: "translate(0px, 0px)" }];
  for (let f = 1; f <= frames; f += 1) {
    vy += GRAVITY;
    x += vx;
    y += vy;
    if (start.top + y > floor) {
      y = floor - start.top;
      vy = -vy * BOUNCE;
      vx *= 0.98;
    }
    if (f % 3 === 0 || f === frames) keyframes.push({ transform: `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)` });
  }
  return keyframes;
}

/** Plays the cascade over `board`, then calls `done` (at once when motion is off). */
export function cascade(board, done) {
  const root = document.documentElement;
  if (!motionAllowed()) {
    root.dataset.cascade = "skipped";
    done();
    return;
  }
  root.dataset.cascade = "running";
  board.root.classList.add("cascading"); // the foundations' cards are the ones leaping
  const layer = document.createElement("div");
  layer.className = "cascade";
  layer.setAttribute("aria-hidden", "true");
  document.body.append(layer);
  const floor = window.innerHeight - board.cardHeight;
  const animations = [];
  let order = 0;
  // Kings first, as the foundations give them up, then queens, down to the aces.
  for (let rank = RANKS.length - 1; rank >= 0; rank -= 1) {
    for (const place of FOUNDATIONS) {
      const start = board.pile(place).slot.getBoundingClientRect();
      const card = document.createElement("div");
      card.className = "card";
      card.style.left = `${start.left}px`;
      card.style.top = `${start.top}px`;
      card.style.width = `${start.width}px`;
      card.style.height = `${start.height}px`;
      card.style.zIndex = String(100 - order); // the next to leap lies on top
      card.append(cardSVG(RANKS[rank] + place[1]));
      layer.append(card);
      const leap = card.animate(flight(start, floor, order + 1), {
        duration: FLIGHT_MS, delay: order * GAP_MS, easing: "linear", fill: "both",
      });
      animations.push(leap);
      order += 1;
    }
  }
  let over = false;
  const finish = () => {
    if (over) return;
    over = true;
    for (const animation of animations) animation.cancel();
    layer.remove();
    board.root.classList.remove("cascading");
    root.dataset.cascade = "done";
    removeEventListener("pointerdown", finish, true);
    removeEventListener("keydown", finish, true);
    done();
  };
  addEventListener("pointerdown", finish, true);
  addEventListener("keydown", finish, true);
  animations.at(-1).finished.then(finish, finish);
}
