// Playing cards as SVG, our own drawing: crisp at any size, a big corner
// index so a card half hidden in a fanned hand still reads at phone size.
// Codes are rank + suit: "AS", "TD" (ten), "9H", "2C".

const SVG = "http://www.w3.org/2000/svg";

const RANK_NAMES = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "10",
  9: "9", 8: "8", 7: "7", 6: "6", 5: "5", 4: "4", 3: "3", 2: "2",
};
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const SUIT_SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const RED = "#c3122f";
const BLACK = "#17181c";

// Suit outlines in a 100 x 100 box; paths rather than text so no font turns
// them into coloured emoji.
const circle = (cx, cy, r) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
const SUIT_PATHS = {
  H: "M50 94C22 70 2 50 2 28C2 12 14 2 28 2C38 2 46 8 50 18C54 8 62 2 72 2C86 2 98 12 98 28C98 50 78 70 50 94Z",
  D: "M50 0L90 50L50 100L10 50Z",
  S: "M50 0C38 22 2 40 2 62C2 78 14 88 28 88C37 88 44 84 47 78C46 89 40 96 30 100L70 100C60 96 54 89 53 78C56 84 63 88 72 88C86 88 98 78 98 62C98 40 62 22 50 0Z",
  C: circle(50, 26, 22) + circle(25, 60, 22) + circle(75, 60, 22) +
    "M45 50L55 50C55 78 60 92 72 100L28 100C40 92 45 78 45 50Z",
};

// Pip centres for the number cards on the 250 x 350 face.
const L = 84, C = 125, R = 166;
const PIPS = {
  2: [[C, 75], [C, 275]],
  3: [[C, 75], [C, 175], [C, 275]],
  4: [[L, 75], [R, 75], [L, 275], [R, 275]],
  5: [[L, 75], [R, 75], [C, 175], [L, 275], [R, 275]],
  6: [[L, 75], [R, 75], [L, 175], [R, 175], [L, 275], [R, 275]],
  7: [[L, 75], [R, 75], [C, 125], [L, 175], [R, 175], [L, 275], [R, 275]],
  8: [[L, 75], [R, 75], [C, 125], [L, 175], [R, 175], [C, 225], [L, 275], [R, 275]],
  9: [[L, 75], [R, 75], [L, 142], [R, 142], [C, 175], [L, 208], [R, 208], [L, 275], [R, 275]],
  10: [[L, 75], [R, 75], [C, 108], [L, 142], [R, 142], [L, 208], [R, 208], [C, 242], [L, 275], [R, 275]],
};

function el(name, attrs = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

// A suit symbol centred on (x, y), `size` wide; upside down below the middle,
// as printed cards have it.
function suitShape(suit, x, y, size, flip = false) {
  const scale = size / 100;
  const turn = flip ? ` rotate(180 50 50)` : "";
  return el("path", {
    d: SUIT_PATHS[suit],
    transform: `translate(${x - size / 2} ${y - size / 2}) scale(${scale})${turn}`,
  });
}

function cornerIndex(rank, suit) {
  const g = el("g");
  const label = rank === "T" ? "10" : rank;
  const text = el("text", {
    x: 36, y: 74, "text-anchor": "middle",
    "font-family": "system-ui, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
    "font-weight": "700", "font-size": label.length > 1 ? 62 : 72,
    "letter-spacing": label.length > 1 ? -5 : 0,
  });
  text.textContent = label;
  g.append(text, suitShape(suit, 36, 110, 44));
  return g;
}

function courtFace(rank, suit, colour) {
  const g = el("g");
  g.append(
    el("rect", { x: 72, y: 44, width: 106, height: 262, rx: 10, fill: suit === "H" || suit === "D" ? "#fbe9ec" : "#e9edf6", stroke: colour, "stroke-width": 4 }),
    suitShape(suit, 125, 88, 46),
    suitShape(suit, 125, 262, 46, true),
  );
  const letter = el("text", {
    x: 125, y: 212, "text-anchor": "middle",
    "font-family": "Georgia, 'Times New Roman', serif",
    "font-weight": "700", "font-size": 124,
  });
  letter.textContent = rank;
  g.append(letter);
  return g;
}

let backPattern = null;

// A lattice of small diamonds inside the back's frame, computed once; drawn
// as one path so the back needs no <pattern> ids shared between cards.
function backLattice() {
  if (backPattern) return backPattern;
  const parts = [];
  for (let y = 34; y <= 316; y += 24) {
    for (let x = 34; x <= 216; x += 24) {
      parts.push(`M${x} ${y - 9}L${x + 9} ${y}L${x} ${y + 9}L${x - 9} ${y}Z`);
    }
  }
  backPattern = parts.join("");
  return backPattern;
}

function backFace(svg) {
  svg.append(
    el("rect", { x: 3, y: 3, width: 244, height: 344, rx: 18, fill: "#fff", stroke: "#9aa0a6", "stroke-width": 3 }),
    el("rect", { x: 16, y: 16, width: 218, height: 318, rx: 10, fill: "#1f4e8c" }),
    el("path", { d: backLattice(), fill: "#3b6fb3" }),
    el("rect", { x: 22, y: 22, width: 206, height: 306, rx: 7, fill: "none", stroke: "#e8eef7", "stroke-width": 3 }),
  );
}

/** The card's name within a sentence: "QS" -> "queen of spades". */
export function cardName(code) {
  return `${RANK_NAMES[code[0]]} of ${SUIT_NAMES[code[1]]}`;
}

/** The card's name to begin a label or a sentence: "QS" -> "Queen of spades". */
export function cardLabel(code) {
  const name = cardName(code);
  return name[0].toUpperCase() + name.slice(1);
}

/** The suit's symbol as text: "S" -> "♠". */
export function suitSymbol(suit) {
  return SUIT_SYMBOLS[suit];
}

/** An <svg> of the card (viewBox 0 0 250 350); sized by its container. */
export function cardSVG(code, { faceDown = false } = {}) {
  const svg = el("svg", { viewBox: "0 0 250 350", class: "card-svg", role: "img" });
  if (faceDown) {
    svg.setAttribute("aria-label", "a face-down card");
    backFace(svg);
    return svg;
  }
  const rank = code[0];
  const suit = code[1];
  const colour = suit === "H" || suit === "D" ? RED : BLACK;
  svg.setAttribute("aria-label", cardLabel(code));
  svg.append(el("rect", { x: 3, y: 3, width: 244, height: 344, rx: 18, fill: "#fff", stroke: "#9aa0a6", "stroke-width": 3 }));
  const ink = el("g", { fill: colour });
  const top = cornerIndex(rank, suit);
  const bottom = cornerIndex(rank, suit);
  bottom.setAttribute("transform", "rotate(180 125 175)");
  ink.append(top, bottom);
  if (rank === "A") {
    ink.append(suitShape(suit, 125, 175, suit === "S" ? 120 : 96));
  } else if (rank === "K" || rank === "Q" || rank === "J") {
    ink.append(courtFace(rank, suit, colour));
  } else {
    const pips = PIPS[rank === "T" ? 10 : Number(rank)];
    const size = pips.length > 8 ? 40 : 44;
    for (const [x, y] of pips) ink.append(suitShape(suit, x, y, size, y > 175));
  }
  svg.append(ink);
  return svg;
}
