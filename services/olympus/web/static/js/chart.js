// A line chart in SVG, our own: one point per value, left to right, with a title per point
// (read by screen readers and shown on hover) and the figure's summary as its label.
import { s } from "./dom.js";

const WIDTH = 600;
const HEIGHT = 220;
const PAD = 36;

// points: [{ value, label }]; summary: the chart's words for people who cannot see it.
export function lineChart(points, summary) {
  const svg = s("svg", { class: "line-chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": summary });
  svg.append(s("title", {}, summary));
  if (!points.length) return svg;
  const values = points.map((p) => p.value);
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high - low < 1e-9) { low -= 1; high += 1; }
  const x = (i) => PAD + (points.length === 1 ? (WIDTH - 2 * PAD) / 2 : i * (WIDTH - 2 * PAD) / (points.length - 1));
  const y = (v) => HEIGHT - PAD - (v - low) * (HEIGHT - 2 * PAD) / (high - low);
  svg.append(s("line", { class: "axis", x1: PAD, y1: HEIGHT - PAD, x2: WIDTH - PAD, y2: HEIGHT - PAD }));
  svg.append(s("line", { class: "axis", x1: PAD, y1: PAD, x2: PAD, y2: HEIGHT - PAD }));
  svg.append(s("text", { class: "tick", x: PAD - 4, y: y(high) + 4, "text-anchor": "end" }, high.toFixed(1)));
  svg.append(s("text", { class: "tick", x: PAD - 4, y: y(low) + 4, "text-anchor": "end" }, low.toFixed(1)));
  const path = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
  svg.append(s("path", { class: "series", d: path }));
  points.forEach((p, i) => {
    svg.append(s("circle", { class: "point", cx: x(i).toFixed(1), cy: y(p.value).toFixed(1), r: 4, "data-value": p.value },
      s("title", {}, p.label)));
  });
  return svg;
}
