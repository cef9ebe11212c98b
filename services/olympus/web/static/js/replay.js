// A finished game's replay (#/replay/<game id>): its public events stepped through on the board
// (map.js draws it, panels.js the parameters and the log's words). The board at each step is
// rebuilt from the public log alone (tiles, claims, temperature, oxygen, Venus, generation): a
// replay knows nothing hidden, only what every spectator was told.
import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { drawMap, mapLegend } from "./map.js";
import { logLine, parameters } from "./panels.js";
import { optionsLine } from "./tables.js";

const num = (arg) => Number(arg?.number);

// One step's public state after an event: the view's fields the board and the tracks read.
function applyEvent(previous, event) {
  const view = { ...previous, board: previous.board.slice(), claims: previous.claims.slice(), recent: new Set() };
  view.version = event.version;
  view.generation = event.generation || view.generation;
  view.phase = event.phase || view.phase;
  for (const entry of event.log || []) {
    const args = entry.args || [];
    if (entry.kind === "tile") {
      const seat = num(args[0]);
      const tile = `TILE_TYPE_${String(args[1]?.text).toUpperCase()}`;
      const space = num(args[2]);
      const owner = tile === "TILE_TYPE_OCEAN" ? {} : seat >= 0 ? { seat } : { neutral: true };
      view.board = view.board.filter((x) => x.space !== space).concat([{ space, tile, owner }]);
      view.claims = view.claims.filter((c) => c.space !== space);
      view.recent.add(space);
    } else if (entry.kind === "claim") {
      view.claims = view.claims.concat([{ space: num(args[1]), owner: { seat: num(args[0]) } }]);
    } else if (entry.kind === "temperature") {
      view.temperature = num(args[1]);
    } else if (entry.kind === "oxygen") {
      view.oxygen = num(args[1]);
    } else if (entry.kind === "venus") { // Venus Next: [seat (-1: the World Government), level]
      view.venus = num(args[1]);
    }
  }
  view.oceans = view.board.filter((x) => x.tile === "TILE_TYPE_OCEAN").length;
  return view;
}

// Every step's state: steps[0] before the first event, steps[i] after event i-1.
export function replaySteps(board, final, events) {
  const minimum = (parameter) => (board.global_parameters || []).find((p) => p.parameter === parameter)?.minimum ?? 0;
  let view = { settings: final.settings, status: final.status, board: [], claims: [], recent: new Set(), version: 0,
    generation: 1, phase: events[0]?.phase || final.phase, deck_size: "–",
    temperature: minimum("GLOBAL_PARAMETER_TEMPERATURE"), oxygen: minimum("GLOBAL_PARAMETER_OXYGEN"), oceans: 0 };
  // A Venus Next game's view carries the scale (panels.js draws its track only then).
  if (final.settings?.options?.venus) view.venus = minimum("GLOBAL_PARAMETER_VENUS");
  const steps = [view];
  for (const event of events) {
    view = applyEvent(view, event);
    steps.push(view);
  }
  return steps;
}

export async function openReplay(app, gameId) {
  const [board, data] = await Promise.all([api("GET", `/api/games/${gameId}/board`), api("GET", `/api/games/${gameId}/replay`)]);
  const events = data.events || [];
  const steps = replaySteps(board, data.final, events);
  let at = 0;
  const last = steps.length - 1;
  const slider = h("input", { id: "replay-step", type: "range", min: 0, max: last, value: 0,
    oninput: () => show(Number(slider.value)) });
  const position = h("p", { id: "replay-position", role: "status", "aria-live": "polite" });
  const mapBox = h("div", { id: "replay-map" });
  const paramsBox = h("div", { id: "replay-params" });
  const logBox = h("ol", { id: "replay-log", "aria-label": t("replay.log") });
  const button = (id, key, to) => h("button", { id, type: "button", onclick: () => show(to()) }, t(key));

  function show(step) {
    at = Math.max(0, Math.min(last, step));
    const view = steps[at];
    slider.value = String(at);
    position.textContent = t("replay.position", { n: at, total: last, version: view.version, generation: view.generation });
    mapBox.replaceChildren(drawMap(board, view, new Set(), () => {}, view.recent));
    paramsBox.replaceChildren(parameters(view, board));
    const event = at > 0 ? events[at - 1] : null;
    logBox.replaceChildren(...(event?.log || []).map((entry) => h("li", {}, logLine(data.final, entry))));
    document.body.dataset.replayStep = String(at);
  }

  app.replaceChildren(h("section", { id: "replay-page" },
    h("h1", {}, t("replay.title", { id: gameId })),
    optionsLine(data.final.settings?.options, { id: "replay-options" }),
    data.cut ? h("p", { class: "muted" }, t("replay.cut")) : null,
    h("div", { class: "row", id: "replay-controls", role: "group", "aria-label": t("replay.controls") },
      button("replay-first", "replay.first", () => 0), button("replay-back", "replay.back", () => at - 1),
      button("replay-next", "replay.next", () => at + 1), button("replay-end", "replay.end", () => last),
      h("label", { for: "replay-step" }, t("replay.step")), slider),
    position, paramsBox, mapBox, mapLegend(), h("h2", {}, t("replay.log")), logBox,
    h("p", {}, h("a", { href: `#/game/${gameId}` }, t("replay.final")))));
  show(0);
  return () => {};
}
