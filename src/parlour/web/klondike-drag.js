// Dragging cards with pointer events (mouse, pen and touch alike). A dragged
// card carries the cards lying on it; on release it goes to the legal pile
// nearest to where it was dropped, or slides back home when none is near.

import { motionAllowed } from "/static/site.js";

const START_DISTANCE = 6; // px a press must travel before it becomes a drag
const REACH = 0.9; // how far from a landing spot (in card heights) a drop still counts

/**
 * `hooks.movesFor(place, index)` -> {count, moves: [{target, action}]} or null
 * for a card that cannot be dragged; `hooks.drop(action)` sends the move.
 */
export function enableDrag(board, hooks) {
  let press = null;
  let drag = null;
  let swallowClick = false;

  board.root.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || drag) return;
    const card = event.target.closest(".card.live");
    if (!card) return;
    press = { card, x: event.clientX, y: event.clientY, id: event.pointerId };
  });

  board.root.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (!drag) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < START_DISTANCE) return;
      drag = begin(press);
      if (!drag) {
        press = null;
        return;
      }
    }
    event.preventDefault();
    follow(event);
    const nearest = nearestMove(drag);
    if (nearest?.target !== drag.shown) {
      if (drag.shown) board.pile(drag.shown).pile.classList.remove("drop");
      if (nearest) board.pile(nearest.target).pile.classList.add("drop");
      drag.shown = nearest?.target ?? null;
    }
  });

  const release = (event, cancelled) => {
    if (!press || event.pointerId !== press.id) return;
    if (drag) follow(event); // the pointer may have moved since the last pointermove was handed out
    press = null;
    if (!drag) return;
    const done = drag;
    drag = null;
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 0);
    if (done.shown) board.pile(done.shown).pile.classList.remove("drop");
    board.pile(done.place).pile.classList.remove("lifted");
    const nearest = cancelled ? null : nearestMove(done);
    if (nearest) {
      // The cards stay where they were dropped: the next view slides them into place.
      hooks.drop(nearest.action);
    } else {
      slideBack(done.nodes);
    }
  };
  board.root.addEventListener("pointerup", (event) => release(event, false));
  board.root.addEventListener("pointercancel", (event) => release(event, true));

  // A drag ends with a click on the card it started from; that click is not a tap.
  board.root.addEventListener("click", (event) => {
    if (swallowClick) {
      event.stopPropagation();
      event.preventDefault();
    }
  }, true);

  function follow(event) {
    drag.shift = { x: event.clientX - press.x, y: event.clientY - press.y };
    for (const node of drag.nodes) node.style.transform = `translate(${drag.shift.x}px, ${drag.shift.y}px)`;
  }

  function begin({ card, id }) {
    const place = card.dataset.place;
    const offer = hooks.movesFor(place, Number(card.dataset.index));
    if (!offer) return null;
    const nodes = board.cardsOf(place, offer.count);
    card.setPointerCapture(id);
    board.pile(place).pile.classList.add("lifted");
    for (const node of nodes) node.classList.add("dragging");
    // Where the carried card sat, measured once: the drop is judged from it and the pointer.
    const home = nodes[0].getBoundingClientRect();
    return { place, nodes, home, shift: { x: 0, y: 0 }, moves: offer.moves, shown: null };
  }

  /** The legal move whose landing spot is nearest the dragged card's middle, if one is near enough. */
  function nearestMove({ home, shift, moves }) {
    const x = home.left + home.width / 2 + shift.x;
    const y = home.top + home.height / 2 + shift.y;
    let best = null;
    for (const move of moves) {
      const spot = board.landing(move.target);
      const distance = Math.hypot(spot.x - x, spot.y - y);
      if (distance <= REACH * home.height && (!best || distance < best.distance)) best = { ...move, distance };
    }
    return best;
  }
}

function slideBack(nodes) {
  for (const node of nodes) {
    const from = node.style.transform;
    node.style.transform = "";
    node.classList.remove("dragging");
    if (motionAllowed() && from) {
      node.animate([{ transform: from }, { transform: "none" }], { duration: 180, easing: "ease-out" });
    }
  }
}
