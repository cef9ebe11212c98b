// Mars as SVG hexes: tiles, owners, bonuses, special spaces; legal spaces highlighted.
import { h, pressable, s } from "./dom.js";
import { cardName } from "./cardwords.js";
import { t, tOr } from "./i18n.js";

export const SEAT_COLOURS = ["#c0392b", "#2471a3", "#229954", "#d4ac0d", "#7d3c98"];
const TILE_FILL = { TILE_TYPE_OCEAN: "#3498db", TILE_TYPE_GREENERY: "#27ae60", TILE_TYPE_CITY: "#7f8c8d", TILE_TYPE_SPECIAL: "#a0522d" };
const SPACE_FILL = { SPACE_TYPE_LAND: "#e8c9a0", SPACE_TYPE_OCEAN: "#b7d7ee", SPACE_TYPE_OFF_MARS: "#d9d2e9", SPACE_TYPE_RESTRICTED: "#999" };
// A space's bonuses as letters on the map, and each letter's word in the legend (one table, so
// the legend names every letter the map can draw).
const BONUS = {
  SPACE_BONUS_STEEL: ["S", "res.steel"], SPACE_BONUS_TITANIUM: ["T", "res.titanium"], SPACE_BONUS_PLANT: ["P", "res.plants"],
  SPACE_BONUS_HEAT: ["H", "res.heat"], SPACE_BONUS_CARD: ["C", "legend.card"], SPACE_BONUS_OCEAN: ["O", "legend.ocean"],
  SPACE_BONUS_TEMPERATURE: ["°", "temperature"], SPACE_BONUS_MICROBE: ["M", "legend.microbe"], SPACE_BONUS_ANIMAL: ["A", "legend.animal"],
};
const R = 20;
const W = Math.sqrt(3) * R;

function hexPoints(cx, cy) {
  const points = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    points.push(`${(cx + R * Math.cos(a)).toFixed(1)},${(cy + R * Math.sin(a)).toFixed(1)}`);
  }
  return points.join(" ");
}

// legal: Set of space ids the viewer may choose now; onPick(space id) answers; recent: the
// spaces of the latest placements (outlined).
export function drawMap(board, view, legal, onPick, recent = new Set()) {
  const tiles = new Map((view.board || []).map((tile) => [tile.space, tile]));
  const claims = new Map((view.claims || []).map((c) => [c.space, c]));
  const located = board.spaces.filter((x) => x.location);
  const width = 60 + Math.max(...located.map((x) => x.location.x)) * W / 2 + W;
  const height = 60 + Math.max(...located.map((x) => x.location.y)) * R * 1.5 + R;
  const svg = s("svg", { id: "map", viewBox: `-10 -15 ${width} ${height}`, width: "100%" });
  let offMars = 0;
  const offered = [];
  for (const space of board.spaces) {
    let cx, cy;
    if (space.location) {
      cx = 30 + space.location.x * W / 2;
      cy = 40 + space.location.y * R * 1.5;
    } else {
      cx = 20 + offMars++ * (W + 4);
      cy = 8;
    }
    const tile = tiles.get(space.id);
    const isLegal = legal.has(space.id);
    const fill = tile ? TILE_FILL[tile.tile] || "#a0522d" : SPACE_FILL[space.type] || "#ddd";
    // In the reader's language: the card a space is kept for (its name is the card's), else
    // the space's own name (a volcano), and the placed tile's card.
    const name = space.reserved_for_card ? cardName(space.reserved_for_card, space.reserved_for_card_name)
      : space.name && tOr(`space.${space.name_id}`, space.name);
    const title = [`${t("space")} ${space.id}`, name,
      space.volcanic ? t("map.volcanic") : "", tile?.card && cardName(tile.card.number, tile.card.name)].filter(Boolean).join(" · ");
    const group = s("g", { class: "hex", "data-space": space.id });
    const hex = s("polygon", { points: hexPoints(cx, cy), fill, class: `space${isLegal ? " legal" : ""}${recent.has(space.id) ? " recent" : ""}`, "data-space": space.id },
      s("title", {}, title));
    if (isLegal) {
      // Legal spaces are choosable by keyboard (the name read out is the one the hover title
      // shows); the arrow keys move among them (arrowKeys below).
      pressable(hex, title);
      hex.addEventListener("click", () => onPick(space.id));
      offered.push({ id: space.id, hex, cx, cy });
    }
    group.append(hex);
    if (!tile && space.bonuses?.length) {
      group.append(s("text", { x: cx, y: cy + 3, "text-anchor": "middle" }, space.bonuses.map((b) => BONUS[b]?.[0] || "?").join("")));
    }
    if (!tile && (space.reserved_for_card_name || space.volcanic)) {
      group.append(s("text", { x: cx, y: cy - 8, "text-anchor": "middle" }, space.volcanic ? "▲" : "★"));
    }
    const owner = tile?.owner?.seat ?? claims.get(space.id)?.owner?.seat;
    if (owner !== undefined) {
      group.append(s("circle", { cx, cy: cy + (tile ? 0 : 8), r: 6, fill: SEAT_COLOURS[owner % 5], stroke: "#fff" }));
    }
    if (tile?.tile === "TILE_TYPE_SPECIAL") group.append(s("text", { x: cx, y: cy + 14, "text-anchor": "middle" }, "◆"));
    svg.append(group);
  }
  arrowKeys(svg, offered);
  return svg;
}

// Keyboard play on the map: one offered space is in the tab order (the one the keyboard was
// last on, if still offered, else the first in the board's order), and the arrow keys move
// among the offered spaces (a roving tabindex): left/right to the next one along the row,
// up/down to the nearest one in the nearest row above/below that has any; Enter or Space
// chooses (pressable). Off-Mars spaces are a row above the map.
let lastFocused = null;
function arrowKeys(svg, offered) {
  if (!offered.length) return;
  const start = offered.find((o) => o.id === lastFocused) || offered[0];
  for (const o of offered) o.hex.setAttribute("tabindex", o === start ? "0" : "-1");
  for (const o of offered) o.hex.addEventListener("focus", () => { lastFocused = o.id; });
  svg.addEventListener("keydown", (event) => {
    const from = offered.find((o) => o.hex === event.target);
    if (!from || !ARROWS[event.key]) return;
    event.preventDefault(); // no page scroll, whether or not a space lies that way
    const to = nextSpace(offered, from, ARROWS[event.key]);
    if (!to) return;
    from.hex.setAttribute("tabindex", "-1");
    to.hex.setAttribute("tabindex", "0");
    to.hex.focus();
  });
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const SAME_ROW = R / 2; // centres of one row share their y; rows are 1.5 R apart
const TIE = 1; // px: distances closer than this are as near (hexes are W = R·√3 apart)

function nextSpace(offered, from, [dx, dy]) {
  if (dx) {
    const along = offered.filter((o) => Math.abs(o.cy - from.cy) < SAME_ROW && (o.cx - from.cx) * dx > 0);
    return along.sort((a, b) => Math.abs(a.cx - from.cx) - Math.abs(b.cx - from.cx))[0];
  }
  const beyond = offered.filter((o) => (o.cy - from.cy) * dy >= SAME_ROW);
  if (!beyond.length) return undefined;
  const rowY = beyond.reduce((best, o) => (Math.abs(o.cy - from.cy) < Math.abs(best - from.cy) ? o.cy : best), beyond[0].cy);
  const row = beyond.filter((o) => Math.abs(o.cy - rowY) < SAME_ROW);
  // The nearest along the row; of two as near (the hexes are staggered: the two below a hex are
  // half a hex away each, equal but for the floats' last digits), the left one.
  const away = (o) => Math.abs(o.cx - from.cx);
  const nearest = Math.min(...row.map(away));
  return row.filter((o) => away(o) < nearest + TIE).sort((a, b) => a.cx - b.cx)[0];
}

// What the map's colours and letters mean (in the reader's language).
export function mapLegend() {
  const swatch = (colour, label) => h("span", {}, h("span", { class: "swatch", style: `background:${colour}` }), label);
  const letter = (mark, label) => h("span", {}, h("b", {}, mark), ` ${label}`);
  return h("div", { class: "legend", id: "legend", "aria-label": t("legend.title") },
    swatch(SPACE_FILL.SPACE_TYPE_LAND, t("legend.empty_land")),
    swatch(SPACE_FILL.SPACE_TYPE_OCEAN, t("legend.empty_ocean")),
    swatch(SPACE_FILL.SPACE_TYPE_OFF_MARS, t("legend.off_mars")),
    swatch(TILE_FILL.TILE_TYPE_OCEAN, t("legend.placed_ocean")),
    swatch(TILE_FILL.TILE_TYPE_GREENERY, t("tile.TILE_TYPE_GREENERY")),
    swatch(TILE_FILL.TILE_TYPE_CITY, t("tile.TILE_TYPE_CITY")),
    swatch(TILE_FILL.TILE_TYPE_SPECIAL, `${t("tile.TILE_TYPE_SPECIAL")} ◆`),
    Object.values(BONUS).map(([mark, word]) => letter(mark, t(word))),
    h("span", {}, h("span", { class: "swatch recent" }), t("legend.recent")),
    letter("▲", t("map.volcanic")), letter("★", t("legend.reserved")), letter("●", t("legend.owner")));
}
