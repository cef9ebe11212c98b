// Open tables (the lobby's list of seats waiting for a person, refreshed while it is shown)
// and a finished game's rematch (its button, then the link to the new table).
import { api } from "./api.js";
import { h, showMessage } from "./dom.js";
import { t, tn, tOr } from "./i18n.js";
import { refusalText } from "./prompts.js";

const REFRESH_MS = 5000;

// A refusal in the reader's words (its reason's message), as the game page words them.
function refused(error) {
  showMessage(`${t("refused")}: ${refusalText(error)}`);
}

function seatLine(seat) {
  const who = seat.name || t("seat", { n: seat.seat + 1 });
  if (seat.kind === "SEAT_KIND_BOT") return `${who} (${t("lobby.bot")} ${seat.bot})`;
  if (seat.free) return `${who}: ${t("tables.seat_free")}`;
  return `${who}: ${seat.account_name || t("tables.seat_taken")}`;
}

// A map's title in the reader's words (the open tables, the lobby's games).
export function mapTitle(choices, map) {
  const chosen = map || "tharsis";
  return tOr(`map.name.${chosen}`, (choices.maps.find((m) => m.map === chosen) || { title: map }).title);
}

// A table's options in words (the lobby's labels), those it plays with only: corporate era
// unless it is off, World Government Terraforming with Venus Next unless it is off (unset
// there means on, as GameOptions has it).
export function optionNames(options) {
  const o = options || {};
  const names = [];
  if (o.corporate_era !== false) names.push(t("lobby.corporate_era"));
  for (const key of ["draft", "prelude", "colonies", "venus"]) if (o[key]) names.push(t(`lobby.${key}`));
  if (o.venus && o.world_government !== false) names.push(t("lobby.world_government"));
  return names;
}

// The options as a line of their own (the open tables, the game's header).
export function optionsLine(options, attrs = {}) {
  const names = optionNames(options);
  return names.length ? h("div", { class: "table-options muted", ...attrs }, names.join(" · ")) : null;
}

function tableRow(table, session, choices) {
  let action;
  if (table.mine) {
    action = h("a", { href: `#/game/${table.game_id}`, class: "open" }, t("lobby.open"));
  } else {
    action = h("button", { class: "take-seat", disabled: !session.signed_in, onclick: async () => {
      try {
        const taken = await api("POST", `/api/tables/${table.game_id}/take`, {});
        location.hash = `#/game/${taken.game_id}`;
      } catch (error) { refused(error); }
    } }, t("tables.take_seat"));
  }
  const o = table.options;
  return h("tr", { "data-game": table.game_id },
    h("td", {}, mapTitle(choices, o.map), " · ", tn("tables.players", o.players),
      optionsLine(o)),
    h("td", { class: "seats" }, table.seats.flatMap((s, i) => [i ? " · " : "",
      h("span", { "data-seat": s.seat, class: s.free ? "free" : "taken" }, seatLine(s))])),
    h("td", { class: "free-seats" }, tn("tables.free_seats", table.free_seats)),
    h("td", {}, action));
}

// The lobby's open tables; the list is read again every few seconds until the lobby is left.
export function openTablesPanel(session, choices) {
  const list = h("tbody");
  const empty = h("p", { class: "muted", id: "no-open-tables" }, t("tables.none"));
  const panel = h("section", { id: "open-tables" }, h("h2", {}, t("tables.open_tables")),
    session.signed_in ? null : h("p", { class: "muted" }, t("tables.sign_in_first")),
    empty, h("table", {}, list));
  const load = async () => {
    try {
      const { tables } = await api("GET", "/api/tables");
      list.replaceChildren(...tables.map((table) => tableRow(table, session, choices)));
      empty.hidden = tables.length > 0;
      panel.dataset.loaded = String(Number(panel.dataset.loaded || 0) + 1);
    } catch (error) { /* a busy service: the next round reads again */ }
  };
  load();
  const timer = setInterval(() => {
    if (!panel.isConnected) clearInterval(timer);
    else load();
  }, REFRESH_MS);
  return panel;
}

// The create form's choice: the other persons' seats wait in the lobby for anyone signed in.
export function openTableChoice() {
  return h("label", {}, h("input", { type: "checkbox", name: "open_table" }), " ", t("tables.make_open"));
}

// A finished game's rematch, for a browser that sat at it or hosted it: "Rematch" makes it (or
// finds the one another person made) and seats this browser there; then a link to it. Built once
// per game page, so that the game's redrawing keeps it.
const rematchPanels = new Map();

export function rematchPanel(game) {
  if (game.view.status !== "GAME_STATUS_FINISHED" || (game.view.viewer === undefined && !game.host)) return null;
  if (rematchPanels.has(game.id)) return rematchPanels.get(game.id);
  const body = h("div");
  const panel = h("section", { id: "rematch" }, h("h2", {}, t("tables.rematch")), body);
  const linkTo = (gameId) => body.replaceChildren(
    h("a", { id: "rematch-link", href: `#/game/${gameId}` }, t("tables.go_to_rematch")));
  const button = h("button", { id: "rematch-button", onclick: async () => {
    button.disabled = true;
    try {
      linkTo((await api("POST", `/api/games/${game.id}/rematch`, {})).game_id);
    } catch (error) { button.disabled = false; refused(error); }
  } }, t("tables.rematch"));
  body.replaceChildren(button);
  api("GET", `/api/games/${game.id}/rematch`).then((made) => {
    if (!made.game_id || button.disabled) return;
    // Someone asked for it already: this browser's seat there waits for it.
    button.textContent = t("tables.take_rematch_seat");
    body.prepend(h("p", { id: "rematch-waiting" }, t("tables.rematch_waiting")));
  }, () => {});
  rematchPanels.set(game.id, panel);
  return panel;
}
