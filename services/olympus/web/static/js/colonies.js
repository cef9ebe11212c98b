// The Colonies expansion's tiles (tables with Colonies): each tile in play with its track (the
// marker on the step trading brings now), the colonies on it (owners' colours, from step 1
// up) and the trade fleet parked on it this generation.
import { colonyBonus, colonyName, colonyPlacement } from "./cardwords.js";
import { h, s } from "./dom.js";
import { t, tn } from "./i18n.js";
import { SEAT_COLOURS } from "./map.js";
import { seatName } from "./panels.js";

const STEP = 34; // width of a track step in the SVG
const STEPS = 7;

const known = (key) => t(key) !== key;
// Europa's steps name a production in the board's English ("plant production +1"): the
// resource of each noun (the engine's colony_tiles._NOUNS).
const PRODUCTION_NOUNS = { "M€": "megacredits", plant: "plants", energy: "energy", heat: "heat", steel: "steel", titanium: "titanium" };

// What trading at a step brings, in the reader's words. The board tells it in English ("7 M€",
// "2 microbes", "plant production +1"): the amount is its number, the kind the tile's trade;
// the English stays when neither is known.
export function stepWords(trade, english = "") {
  if (trade === "production") {
    const res = PRODUCTION_NOUNS[english.split(" production")[0]];
    return res ? t("colony.step.production", { res: t(`prompt.res.${res}`) }) : english;
  }
  const amount = english.match(/-?\d+/)?.[0];
  if (amount === undefined) return english;
  if (trade === "cards") return tn("colony.step.cards", amount);
  for (const key of [`prompt.res.${trade}`, `cres.${trade}`]) if (known(`${key}.other`)) return tn(key, amount);
  return english;
}

// What a tile trades (its track's kind), in the reader's words.
export function tradeWords(trade = "") {
  for (const key of [`colony.trade.${trade}`, `prompt.res.${trade}`]) if (known(key)) return t(key);
  return trade;
}

function track(tile, facts) {
  const svg = s("svg", { class: "colony-track", viewBox: `0 0 ${STEPS * STEP + 4} 46`, width: STEPS * STEP + 4, height: 46 });
  for (let step = 1; step <= STEPS; step++) {
    const x = 2 + (step - 1) * STEP;
    const owner = (tile.colonies || [])[step - 1];
    const marker = step === Number(tile.marker);
    svg.append(s("rect", { x, y: 2, width: STEP - 2, height: 26, rx: 4, fill: marker ? "#f5d76e" : "#eee",
      stroke: marker ? "#b7950b" : "#bbb", class: marker ? "marker" : "step", "data-step": step },
    s("title", {}, `${step}: ${stepWords(facts?.trade, facts?.track?.[step - 1])}`)));
    // The step's amount in the box (its words in the tooltip and the tile's "trade" line).
    const words = facts?.track?.[step - 1] ?? "";
    const amount = words.match(/-?\d+/)?.[0] ?? String(step);
    svg.append(s("text", { x: x + STEP / 2 - 1, y: 19, "text-anchor": "middle", style: "font-size:12px" }, amount));
    if (owner !== undefined && step <= 3) {
      svg.append(s("circle", { cx: x + STEP / 2 - 1, cy: 38, r: 6, fill: SEAT_COLOURS[owner % 5], stroke: "#333", class: "colony", "data-owner": owner }));
    }
  }
  return svg;
}

export function colonyTiles(view, board) {
  const tiles = view.colony_tiles || [];
  if (!tiles.length) return null;
  const facts = new Map((board.colony_tiles || []).map((c) => [c.name.toLowerCase(), c]));
  return h("section", { id: "colony-tiles" }, h("h2", {}, t("colonies")), h("div", { class: "colony-tiles" }, tiles.map((tile) => {
    const info = facts.get(tile.name.toLowerCase());
    const fleet = tile.fleet !== undefined
      ? h("span", { class: "fleet", "data-seat": tile.fleet, style: `color:${SEAT_COLOURS[tile.fleet % 5]}` }, ` · ${t("colony.fleet", { name: seatName(view, tile.fleet) })}`)
      : null;
    return h("div", { class: `colony-tile${tile.active ? "" : " inactive"}`, "data-tile": tile.name.toLowerCase(), "data-marker": tile.marker },
      h("b", {}, colonyName(tile.name, tile.name)), tile.active ? "" : ` (${t("colony.inactive")})`, fleet,
      h("div", { class: "muted" }, `${t("colony.trade")}: ${tradeWords(info?.trade)} · ${t("colony.bonus")}: ${colonyBonus(tile.name, info?.colony_bonus ?? "")}`),
      track(tile, info),
      h("div", { class: "muted" }, `${t("colony.placement")}: ${colonyPlacement(tile.name, info?.placement_bonus ?? "")}`));
  })));
}
