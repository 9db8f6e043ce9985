// A small line chart of running scores, drawn as inline SVG: one line per
// side or seat, hand by hand, with the game's target as a dashed line. The
// figures are also in a visually hidden table for screen readers.

const SVG = "http://www.w3.org/2000/svg";
const EDGE = { top: 16, right: 20, bottom: 42 };
// Colour and marker together, so lines differ without colour too.
const STYLES = [
  { colour: "#1d6b43", marker: "circle" },
  { colour: "#b3261e", marker: "square" },
  { colour: "#0b57b0", marker: "triangle" },
  { colour: "#8a5a00", marker: "diamond" },
];

function svg(tag, attributes = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// Round tick steps (1, 2, 5 x 10^n) giving about `count` ticks.
function ticks(low, high, count = 5) {
  if (high - low < count) high = low + count; // a flat line still gets an axis
  const raw = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => s >= raw);
  const values = [];
  for (let v = Math.floor(low / step) * step; values.at(-1) === undefined || values.at(-1) < high; v += step) values.push(v);
  return values;
}

function marker(kind, x, y, colour, r = 4) {
  if (kind === "square") return svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill: colour });
  if (kind === "triangle") return svg("path", { d: `M${x} ${y - r - 1}L${x + r + 1} ${y + r}L${x - r - 1} ${y + r}Z`, fill: colour });
  if (kind === "diamond") return svg("path", { d: `M${x} ${y - r - 1}L${x + r + 1} ${y}L${x} ${y + r + 1}L${x - r - 1} ${y}Z`, fill: colour });
  return svg("circle", { cx: x, cy: y, r, fill: colour });
}

function fallbackTable(caption, labels, hands) {
  const table = document.createElement("table");
  const head = labels.map(() => `<th scope="col"></th>`).join("");
  table.innerHTML = `<caption></caption><thead><tr><th scope="col">Hand</th>${head}</tr></thead><tbody></tbody>`;
  table.caption.textContent = caption;
  table.tHead.querySelectorAll("th + th").forEach((th, i) => { th.textContent = labels[i]; });
  hands.forEach((scores, i) => {
    const row = table.tBodies[0].insertRow();
    const hand = document.createElement("th");
    hand.scope = "row";
    hand.textContent = i + 1;
    row.append(hand);
    for (const score of scores) row.insertCell().textContent = score;
  });
  // Hidden in a wrapper: a table ignores the 1px width that hides things.
  const hidden = document.createElement("div");
  hidden.className = "visually-hidden";
  hidden.append(table);
  return hidden;
}

/**
 * A <figure> charting `hands` (the running score of each of `labels` after
 * each hand), with an optional `target` line and a `title` for its caption.
 * `width` is the width it will be shown at, so its text stays readable.
 */
export function scoreChart({ title, labels, hands, target = null, width = 640 }) {
  const WIDTH = Math.round(Math.min(Math.max(width, 280), 760));
  const HEIGHT = Math.round(Math.min(Math.max(WIDTH * 0.45, 200), 300));
  const all = hands.flat().concat(0, target ?? 0);
  const yTicks = ticks(Math.min(...all), Math.max(...all));
  // Room on the left for the longest score label (about 7 px a character at 12 px).
  const MARGIN = { ...EDGE, left: 30 + 7 * Math.max(...yTicks.map((v) => String(v).length)) };
  const plot = { width: WIDTH - MARGIN.left - MARGIN.right, height: HEIGHT - MARGIN.top - MARGIN.bottom };
  const [low, high] = [yTicks[0], yTicks.at(-1)];
  const x = (hand) => MARGIN.left + (hands.length ? (hand / hands.length) * plot.width : 0);
  const y = (score) => MARGIN.top + plot.height - ((score - low) / (high - low || 1)) * plot.height;

  const finals = labels.map((label, i) => `${label} ${hands.at(-1)?.[i] ?? 0}`).join(", ");
  const summary = `${title}: score after each of ${hands.length} hands. Final: ${finals}.`
    + (target !== null ? ` Target ${target}.` : "");
  const chart = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": summary, class: "score-chart" });

  const grid = svg("g", { class: "chart-grid" });
  for (const value of yTicks) {
    grid.append(svg("line", { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(value), y2: y(value) }));
    grid.append(svg("text", { x: MARGIN.left - 8, y: y(value) + 4, "text-anchor": "end" }, value));
  }
  const every = Math.ceil(hands.length / (WIDTH < 480 ? 6 : 12)); // room for each hand number
  for (let hand = 0; hand <= hands.length; hand += every) {
    grid.append(svg("text", { x: x(hand), y: HEIGHT - MARGIN.bottom + 18, "text-anchor": "middle" }, hand));
  }
  grid.append(svg("text", { x: MARGIN.left + plot.width / 2, y: HEIGHT - 6, "text-anchor": "middle", class: "chart-axis" }, "Hand"));
  grid.append(svg("text", { x: 14, y: MARGIN.top + plot.height / 2, "text-anchor": "middle", class: "chart-axis",
    transform: `rotate(-90 14 ${MARGIN.top + plot.height / 2})` }, "Score"));
  chart.append(grid);

  if (target !== null) {
    chart.append(
      svg("line", { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(target), y2: y(target), class: "chart-target" }),
      svg("text", { x: MARGIN.left + 6, y: y(target) + (y(target) - MARGIN.top < 16 ? 16 : -6), class: "chart-target-label" }, `Target ${target}`),
    );
  }

  labels.forEach((label, i) => {
    const { colour, marker: kind } = STYLES[i % STYLES.length];
    const points = [[x(0), y(0)], ...hands.map((scores, hand) => [x(hand + 1), y(scores[i])])];
    const line = svg("g", { class: "chart-line" });
    line.append(svg("polyline", { points: points.map((p) => p.join(",")).join(" "), fill: "none", stroke: colour, "stroke-width": 2.5, "stroke-linejoin": "round" }));
    const size = hands.length > 20 ? 2.5 : 4; // many hands: small markers, or they pile up
    for (const [px, py] of points.slice(1)) line.append(marker(kind, px, py, colour, size));
    chart.append(line);
  });

  const legend = document.createElement("ul");
  legend.className = "chart-legend";
  legend.setAttribute("aria-hidden", "true"); // the table says the same to screen readers
  labels.forEach((label, i) => {
    const { colour, marker: kind } = STYLES[i % STYLES.length];
    const key = svg("svg", { viewBox: "0 0 24 12", width: 24, height: 12 });
    key.append(svg("line", { x1: 0, x2: 24, y1: 6, y2: 6, stroke: colour, "stroke-width": 2.5 }), marker(kind, 12, 6, colour));
    const item = document.createElement("li");
    item.append(key, ` ${label}: ${hands.at(-1)?.[i] ?? 0}`);
    legend.append(item);
  });

  const figure = document.createElement("figure");
  figure.className = "chart";
  const caption = document.createElement("figcaption");
  caption.textContent = title;
  figure.append(caption, chart, legend, fallbackTable(`${title}: score after each hand`, labels, hands));
  return figure;
}
