// The public parts of a game: parameters, every seat's board, milestones and awards, live
// score, the log in words, and the final breakdown with its chart.
import { h, s } from "./dom.js";
import { t, tn } from "./i18n.js";
import { SEAT_COLOURS } from "./map.js";
import { tableau, tagCounts } from "./cards.js";
import { pref } from "./conveniences.js";
import { awardName, awardText, cardName, colonyName, milestoneName, milestoneText } from "./cardwords.js";

export { cardTile } from "./cards.js";

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

// A global parameter's track: a step per value from its minimum to its goal, the steps reached
// filled, the steps that give a bonus marked (and told in words on hover).
function track(spec, value, label, unit) {
  const bonuses = new Map((spec.bonuses || []).map((b) => [b.value, b]));
  const steps = [];
  // A field at 0 may be left out of the JSON (proto3): Venus and the oceans start at 0.
  for (let v = spec.minimum ?? 0; v <= (spec.maximum ?? 0); v += spec.step || 1) steps.push(v);
  return h("div", { class: "track", "data-parameter": spec.parameter, "data-value": value },
    h("span", { class: "track-name" }, `${label} ${value}${unit}`),
    h("div", { class: "steps" }, steps.map((v) => {
      const bonus = bonuses.get(v);
      const classes = ["step", v <= value ? "reached" : "", v === value ? "now" : "", bonus ? "bonus" : ""].join(" ");
      const title = bonus ? t("track.bonus", { value: `${v}${unit}`, what: t(`track.${bonus.kind}`) }) : `${v}${unit}`;
      return h("span", { class: classes, "data-value": v, title }, bonus ? "★" : "");
    })));
}

const TRACKS = [["GLOBAL_PARAMETER_TEMPERATURE", "temperature", " °C"], ["GLOBAL_PARAMETER_OXYGEN", "oxygen", "%"],
  ["GLOBAL_PARAMETER_OCEANS", "oceans", ""], ["GLOBAL_PARAMETER_VENUS", "venus", "%"]];

export function parameters(view, board) {
  const specs = new Map((board.global_parameters || []).map((p) => [p.parameter, p]));
  return h("section", { class: "params", id: "params" },
    h("div", {}, h("span", {}, `${t("generation")} ${view.generation}`),
      h("span", { class: "muted" }, `${t("phase")}: ${t(`phase.${view.phase}`)}`),
      h("span", { class: "muted" }, `${t("deck")}: ${view.deck_size}`)),
    // Venus only in a Venus game: the view carries its scale there (0 is a value: unset is not).
    TRACKS.filter(([, key]) => key !== "venus" || (view.venus !== undefined && view.venus !== null)).map(([parameter, key, unit]) => {
      const spec = specs.get(parameter);
      return spec ? track(spec, view[key], t(key), unit) : h("span", {}, `${t(key)} ${view[key]}${unit}`);
    }));
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
  // deadline_time is a Timestamp (an RFC 3339 string in the bridge's JSON, unset when the clock
  // is stopped); deadline_ms, deprecated, is what a server from before it sends.
  const deadline = (clock.deadline_time ? Date.parse(clock.deadline_time) : 0) || Number(clock.deadline_ms) || 0;
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
    return h("div", { class: classes, "data-seat": p.seat, style: `border-left: 6px solid ${SEAT_COLOURS[p.seat % 5]}` },
      h("h3", {}, seatName(view, p.seat), p.seat === view.viewer ? ` (${t("you")})` : "",
        p.resigned || (view.settings?.seats || []).find((x) => x.seat === p.seat)?.handed_to_bot
          ? ` — ${t("played_by_bot")}` : "", clockText(view, p.seat)),
      h("div", {}, `${p.corporation ? cardName(p.corporation.number, p.corporation.name) : t("no_corporation")} · ${t("tr")} ${p.terraform_rating} · ${t("hand")} ${p.hand_size}`,
        p.passed ? ` · ${t("passed")}` : "", p.resigned ? ` · ${t("resigned")}` : ""),
      h("div", { class: "res" }, RESOURCES.map((r) => h("div", { "data-res": r }, t(`res.${r}`),
        h("b", {}, p.resources?.[r] ?? 0), h("span", { class: "muted prod" }, signed(p.production?.[r]))))),
      tagCounts(p, catalogue), tableau(p, catalogue),
      p.colonies !== undefined ? h("div", {}, `${t("colonies")}: ${p.colonies} · ${t("fleets")}: ${p.fleets_home}/${p.fleets}`) : null);
  })));
}

// Every seat's count toward a milestone or for an award (the view's progress), as chips in the
// seat's colour; an award's leaders are starred.
function counts(view, seats, need) {
  const best = Math.max(...seats.map((x) => x.count));
  return h("span", { class: "counts" }, seats.map((x) => {
    const lead = need === undefined && best > 0 && x.count === best; // nobody leads at 0
    const text = need === undefined ? `${x.count}${lead ? " ★" : ""}` : `${x.count}/${need}`;
    const title = lead ? `${seatName(view, x.seat)} — ${t("award.leader")}` : seatName(view, x.seat);
    return h("span", { class: "count", "data-seat": x.seat, title, style: `border-color:${SEAT_COLOURS[x.seat % 5]}` }, text);
  }));
}

export function milestonesAndAwards(view, board, decision) {
  const action = decision?.decision?.action;
  const claimed = new Map((view.milestones || []).map((m) => [m.name, m.owner]));
  const funded = new Map((view.awards || []).map((a) => [a.name, a.funder]));
  const canClaim = new Set((action?.milestones || []).map((m) => m.name));
  const canFund = new Set((action?.awards || []).map((a) => a.name));
  const progress = new Map((view.milestone_progress || []).map((m) => [m.name, m]));
  const standings = new Map((view.award_standings || []).map((a) => [a.name, a]));
  const costs = board.award_rules?.funding_costs || [];
  // Names and texts in the page's language (the card words), the board's English otherwise.
  const row = (kind, item, owner, can, extra) => {
    const [name, text] = kind === "milestone" ? [milestoneName, milestoneText] : [awardName, awardText];
    return h("div", { class: `ma ${kind}`, "data-name": item.id, title: text(item.id, item.text) },
      h("b", {}, name(item.id, item.title)), owner !== undefined ? ` [${seatName(view, owner)}]` : can ? " ✓" : "", " ", extra);
  };
  return h("section", { id: "milestones" }, h("h2", {}, t("milestones_awards")),
    h("h3", {}, `${t("milestones")} (${board.milestone_rules?.cost} M€)`),
    (board.milestones || []).map((m) => {
      const p = progress.get(m.id);
      return row("milestone", m, claimed.get(m.id), canClaim.has(m.id), p ? counts(view, p.seats, p.at_most ? `≤${p.threshold}` : p.threshold) : null);
    }),
    h("h3", {}, `${t("awards")} (${costs[(view.awards || []).length] ?? "-"} M€)`),
    (board.awards || []).map((a) => {
      const s = standings.get(a.id);
      return row("award", a, funded.get(a.id), canFund.has(a.id), s ? counts(view, s.seats) : null);
    }));
}

// The table's live score, unless the person chose not to see it (preferences).
export function liveScore(view) {
  const scores = view.live_score?.scores;
  if (!scores?.length || view.result?.finished || pref("live_score") !== "1") return null;
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
// The arguments that name a milestone, an award or a colony tile: worded by the card words.
const NAMED_ARGS = {
  milestone: { 1: milestoneName }, award: { 1: awardName },
  colony: { 1: colonyName }, colony_active: { 0: colonyName }, colony_removed: { 1: colonyName },
  colony_tile: { 0: colonyName }, trade: { 1: colonyName }, trade_income: { 1: colonyName },
};
// The kinds whose sentence counts something: the argument that picks the plural form (a
// placement's bonus counts its cards: log.bonus.cards.one...).
const COUNTS = { research: 1, draw: 1, discard: 1, sell: 1, undo: 1, fleet: 1, bonus: 2 };
// The kinds that move an amount of a resource ({counted}: "3 plants", in the count's form):
// the resource's argument and the amount's.
const AMOUNTS = { lose: [1, 2], steal: [2, 3], bonus: [1, 2] };
// The kinds whose sentence depends on what was done (the argument's text): the World
// Government raises a parameter or places an ocean; a placement's bonus is goods or cards.
const BY_WHAT = { world_government: 1, bonus: 1 };
// The arguments that are a change, shown with their sign: a TR change is +1 or −2.
const SIGNED = { tr: 1 };

function argText(view, kind, arg, index) {
  if (arg.card) return cardName(arg.card.number, arg.card.name);
  if (arg.number !== undefined) {
    if (SIGNED[kind] === index) return signed(arg.number);
    if (!(SEAT_ARGS[kind] ?? [0]).includes(index)) return arg.number;
    // Seat -1 is nobody's: the World Government's raise (Venus Next).
    return Number(arg.number) < 0 ? t("log.world_government.who") : seatName(view, Number(arg.number));
  }
  const named = NAMED_ARGS[kind]?.[index];
  if (named) return named(arg.text, arg.text);
  // Resource, standard project and tile names in the reader's language.
  const upper = String(arg.text).toUpperCase();
  for (const key of [`res.${arg.text}`, `project.STANDARD_PROJECT_${upper}`, `tile.TILE_TYPE_${upper}`]) {
    const word = t(key);
    if (word !== key) return word;
  }
  return arg.text;
}

const known = (key) => t(key) !== key;

// One log entry (the engine's, the game service's "undo", "aborted", "resigned" and
// "account_disabled", or the page's own "handed_to_bot") in words: a phrase
// per kind in the dictionary ({0}, {1}... are its arguments; a missing one is left empty), in
// the plural form its count asks, else the kind and its arguments.
export function logLine(view, entry) {
  const raw = entry.args || [];
  const args = raw.map((a, i) => argText(view, entry.kind, a, i));
  const params = Object.fromEntries([0, 1, 2, 3, 4].map((i) => [String(i), args[i] ?? ""]));
  let key = `log.${entry.kind}`;
  const what = BY_WHAT[entry.kind];
  // The sentence for what was done, a plain one or a counted one (its forms).
  const done = `${key}.${raw[what]?.text}`;
  if (what !== undefined && (known(done) || known(`${done}.other`))) key = done;
  const amount = AMOUNTS[entry.kind];
  if (amount) {
    const [res, n] = [raw[amount[0]]?.text, Number(raw[amount[1]]?.number ?? 0)];
    params.counted = known(`prompt.res.${res}.other`) ? tn(`prompt.res.${res}`, n) : `${n} ${args[amount[0]] ?? ""}`;
  }
  const count = COUNTS[entry.kind];
  let phrase;
  if (count !== undefined && known(`${key}.other`)) phrase = tn(key, Number(raw[count]?.number ?? 0), params);
  else phrase = t(key, params);
  return phrase === key ? `${entry.kind}: ${args.join(", ")}` : phrase.trim();
}
