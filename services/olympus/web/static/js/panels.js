// The public parts of a game: parameters, every seat's board, milestones and awards, live
// score, the log in words, and the final breakdown with its chart.
import { h, s } from "./dom.js";
import { t } from "./i18n.js";
import { SEAT_COLOURS } from "./map.js";

const RESOURCES = ["megacredits", "steel", "titanium", "plants", "energy", "heat"];

export function seatName(view, seat) {
  const info = (view.settings?.seats || []).find((x) => x.seat === seat);
  if (info?.name) return info.name;
  // An unnamed bot seat says which bot plays it: "Seat 2 (greedy)".
  return info?.bot ? `${t("seat", { n: seat + 1 })} (${info.bot})` : t("seat", { n: seat + 1 });
}

// A production figure with its sign: +2, −1, 0.
export function signed(n) {
  const value = Number(n) || 0;
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "0";
}

export function cardTile(ref, catalogue, extra = {}) {
  const card = catalogue.get(ref.number) || {};
  return h("div", { class: `card ${extra.class || ""}`, "data-card": ref.number, title: card.summary || "" },
    card.cost !== undefined ? h("span", { class: "cost" }, card.cost) : null,
    h("b", {}, ref.name || card.name), " ", h("span", { class: "muted" }, ref.number),
    card.tags?.length ? h("div", { class: "muted" }, card.tags.map((x) => t(`tag.${x}`)).join(", ")) : null,
    h("div", { class: "summary" }, card.summary || ""), extra.children || null);
}

export function parameters(view, board) {
  const tracks = new Map((board.global_parameters || []).map((p) => [p.parameter, p]));
  const oceans = tracks.get("GLOBAL_PARAMETER_OCEANS");
  return h("section", { class: "params", id: "params" },
    h("span", {}, `${t("generation")} ${view.generation}`),
    h("span", {}, `${t("temperature")} ${view.temperature}°C`),
    h("span", {}, `${t("oxygen")} ${view.oxygen}%`),
    h("span", {}, `${t("oceans")} ${view.oceans}/${oceans ? oceans.maximum : 9}`),
    h("span", { class: "muted" }, `${t("phase")}: ${t(`phase.${view.phase}`)}`),
    h("span", { class: "muted" }, `${t("deck")}: ${view.deck_size}`));
}

function tagCounts(player, catalogue) {
  const counts = {};
  for (const ref of [player.corporation, ...(player.played || [])].filter(Boolean)) {
    for (const tag of catalogue.get(ref.number)?.tags || []) counts[tag] = (counts[tag] || 0) + 1;
  }
  return Object.entries(counts).map(([tag, n]) => `${t(`tag.${tag}`)} ${n}`).join(" · ");
}

const LOW_MS = 30_000; // a running clock under this is shown as a warning

function clockFace(ms) {
  const secs = Math.floor(Math.max(0, ms) / 1000);
  return ` ⏱ ${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`;
}

// A seat's clock: a running one (a deadline) counts down by itself (tickClocks), a stopped one
// shows what the seat will have at its next decision.
function clockText(view, seat) {
  const clock = (view.clocks || []).find((c) => c.seat === seat);
  if (!clock) return null;
  const deadline = Number(clock.deadline_ms) || 0;
  const ms = deadline ? deadline - Date.now() : Number(clock.remaining_ms);
  const classes = ["clock", deadline ? "running" : "", deadline && ms < LOW_MS ? "low" : ""].join(" ");
  return h("span", { class: classes, "data-deadline": deadline || "", "data-seat": seat }, clockFace(ms));
}

// Every running clock on the page, again from its deadline (called every half second).
export function tickClocks(root = document) {
  for (const el of root.querySelectorAll(".clock[data-deadline]")) {
    const deadline = Number(el.dataset.deadline);
    if (!deadline) continue;
    const ms = deadline - Date.now();
    el.textContent = clockFace(ms);
    el.classList.toggle("low", ms < LOW_MS);
  }
}

export function seatBoards(view, catalogue) {
  return h("section", { id: "boards" }, h("div", { class: "boards" }, (view.players || []).map((p) => {
    const classes = ["board", p.seat === view.active_player ? "active" : "", p.passed ? "passed" : ""].join(" ");
    const resources = (p.card_resources || []).map((r) => `${r.card.name}: ${r.count}`).join(", ");
    return h("div", { class: classes, "data-seat": p.seat, style: `border-left: 6px solid ${SEAT_COLOURS[p.seat % 5]}` },
      h("h3", {}, seatName(view, p.seat), p.seat === view.viewer ? ` (${t("you")})` : "",
        p.resigned || (view.settings?.seats || []).find((x) => x.seat === p.seat)?.handed_to_bot
          ? ` — ${t("played_by_bot")}` : "", clockText(view, p.seat)),
      h("div", {}, `${p.corporation?.name || t("no_corporation")} · ${t("tr")} ${p.terraform_rating} · ${t("hand")} ${p.hand_size}`,
        p.passed ? ` · ${t("passed")}` : "", p.resigned ? ` · ${t("resigned")}` : ""),
      h("div", { class: "res" }, RESOURCES.map((r) => h("div", { "data-res": r }, t(`res.${r}`),
        h("b", {}, p.resources?.[r] ?? 0), h("span", { class: "muted prod" }, signed(p.production?.[r]))))),
      h("div", { class: "muted" }, tagCounts(p, catalogue)),
      h("div", {}, `${t("played")}: `, [...(p.played || []), ...(p.events || [])].map((c) => c.name).join(", ")),
      resources ? h("div", {}, `${t("card_resources")}: ${resources}`) : null,
      p.colonies !== undefined ? h("div", {}, `${t("colonies")}: ${p.colonies} · ${t("fleets")}: ${p.fleets_home}/${p.fleets}`) : null);
  })));
}

export function milestonesAndAwards(view, board, decision) {
  const action = decision?.decision?.action;
  const claimed = new Map((view.milestones || []).map((m) => [m.name, m.owner]));
  const funded = new Map((view.awards || []).map((a) => [a.name, a.funder]));
  const canClaim = new Set((action?.milestones || []).map((m) => m.name));
  const canFund = new Set((action?.awards || []).map((a) => a.name));
  const costs = board.award_rules?.funding_costs || [];
  return h("section", { id: "milestones" }, h("h2", {}, t("milestones_awards")),
    h("div", {}, `${t("milestones")} (${board.milestone_rules?.cost} M€): `,
      (board.milestones || []).map((m) => h("span", { title: m.text, class: "ma" }, `${m.title}`,
        claimed.has(m.name ?? m.id) || claimed.has(m.id) ? ` [${seatName(view, claimed.get(m.id))}]` : canClaim.has(m.id) ? " ✓" : "", "; "))),
    h("div", {}, `${t("awards")} (${costs[(view.awards || []).length] ?? "-"} M€): `,
      (board.awards || []).map((a) => h("span", { title: a.text, class: "ma" }, `${a.title}`,
        funded.has(a.id) ? ` [${seatName(view, funded.get(a.id))}]` : canFund.has(a.id) ? " ✓" : "", "; "))));
}

export function liveScore(view) {
  const scores = view.live_score?.scores;
  if (!scores?.length || view.result?.finished) return null;
  return h("section", { id: "live-score" }, h("h2", {}, t("live_score")),
    h("div", {}, scores.map((x) => `${seatName(view, x.seat)}: ${x.total}`).join(" · ")));
}

const PARTS = ["terraform_rating", "milestones", "awards", "greeneries", "cities", "cards"];
const PART_COLOURS = ["#c0392b", "#8e44ad", "#2980b9", "#27ae60", "#7f8c8d", "#d4ac0d"];

export function finalBreakdown(view) {
  const result = view.result;
  if (!result?.finished) return null;
  const scores = result.scores || [];
  const most = Math.max(1, ...scores.map((x) => x.total));
  const chart = s("svg", { class: "chart", id: "chart", viewBox: `0 0 420 ${scores.length * 34 + 30}`, width: "100%" });
  scores.forEach((score, row) => {
    let x = 110;
    chart.append(s("text", { x: 0, y: row * 34 + 20, style: "font-size:12px" }, seatName(view, score.seat)));
    PARTS.forEach((part, i) => {
      const width = (score[part] || 0) / most * 280;
      if (width > 0) chart.append(s("rect", { x, y: row * 34 + 6, width, height: 22, fill: PART_COLOURS[i] }, s("title", {}, `${t(`score.${part}`)}: ${score[part]}`)));
      x += width;
    });
    chart.append(s("text", { x: x + 4, y: row * 34 + 21, style: "font-size:12px" }, score.total));
  });
  const legend = h("div", {}, PARTS.map((part, i) => h("span", { style: `color:${PART_COLOURS[i]};margin-right:1em` }, `■ ${t(`score.${part}`)}`)));
  const winners = (result.winners || []).map((w) => seatName(view, w)).join(", ");
  return h("section", { id: "final" }, h("h2", {}, t("final.title")),
    h("p", { id: "winners" }, t("final.winners", { names: winners })),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, ""), PARTS.map((p) => h("th", {}, t(`score.${p}`))), h("th", {}, t("score.total")))),
      h("tbody", {}, scores.map((x) => h("tr", {}, h("td", {}, seatName(view, x.seat)), PARTS.map((p) => h("td", {}, x[p] || 0)), h("td", {}, h("b", {}, x.total)))))),
    chart, legend);
}

// Which arguments of a log kind are seats (shown as the seat's name): the first, unless the
// kind is listed here.
const SEAT_ARGS = { generation: [], production: [], game_over: [], colony_active: [], colony_tile: [], aborted: [], steal: [0, 1] };

function argText(view, kind, arg, index) {
  if (arg.card) return arg.card.name;
  if (arg.number !== undefined) return (SEAT_ARGS[kind] ?? [0]).includes(index) ? seatName(view, Number(arg.number)) : arg.number;
  // Resource, standard project and tile names in the reader's language.
  const upper = String(arg.text).toUpperCase();
  for (const key of [`res.${arg.text}`, `project.STANDARD_PROJECT_${upper}`, `tile.TILE_TYPE_${upper}`]) {
    const word = t(key);
    if (word !== key) return word;
  }
  return arg.text;
}

// One log entry (the engine's, or the game service's "undo" and "aborted") in words: a phrase
// per kind in the dictionary ({0}, {1}... are its arguments; a missing one is left empty),
// else the kind and its arguments.
export function logLine(view, entry) {
  const args = (entry.args || []).map((a, i) => argText(view, entry.kind, a, i));
  const params = Object.fromEntries([0, 1, 2, 3, 4].map((i) => [String(i), args[i] ?? ""]));
  const key = `log.${entry.kind}`;
  const phrase = t(key, params);
  return phrase === key ? `${entry.kind}: ${args.join(", ")}` : phrase.trim();
}
