// The lobby: sign in (guest or API key), create a table (open or by invitation), the open
// tables, matchmaking, the list of games.
import { api } from "./api.js";
import { h, showMessage } from "./dom.js";
import { t, tOr, wordElement } from "./i18n.js";
import { refusalText } from "./prompts.js";
import { mapTitle, openTableChoice, openTablesPanel, optionsLine } from "./tables.js";

// A refusal in the reader's words (its reason's message), as the game page words them.
function failed(error) {
  showMessage(`${t("error")}: ${refusalText(error)}`);
}

function check(name, label, checked = false) {
  return h("label", {}, h("input", { type: "checkbox", name, checked }), " ", t(label));
}

function sessionPanel(session, redraw) {
  const account = document.getElementById("account");
  if (session.signed_in) wordElement(account, "lobby.signed_in_as", { name: session.account });
  else { delete account.dataset.t; account.textContent = ""; }
  if (session.signed_in) {
    return h("section", { id: "session" }, h("h2", {}, t("lobby.account")),
      h("p", {}, t("lobby.signed_in_as", { name: session.account })),
      h("button", { id: "signout", onclick: () => api("POST", "/api/session/signout").then(redraw, failed) }, t("lobby.sign_out")));
  }
  const key = h("input", { id: "apikey", type: "password", placeholder: t("lobby.api_key") });
  return h("section", { id: "session" }, h("h2", {}, t("lobby.sign_in")),
    h("button", { id: "guest", onclick: () => api("POST", "/api/session/guest").then(redraw, failed) }, t("lobby.guest")),
    h("p", {}, key, h("button", { id: "use-key", onclick: () => api("POST", "/api/session/key", { key: key.value }).then(redraw, failed) }, t("lobby.use_key"))));
}

function seatRows(container, count, bots) {
  const old = [...container.querySelectorAll(".seatrow")].map((row) => ({
    kind: row.querySelector("[name=kind]").value, bot: row.querySelector("[name=bot]").value,
    name: row.querySelector("[name=seatname]").value }));
  container.replaceChildren();
  for (let i = 0; i < count; i++) {
    const was = old[i] || { kind: i === 0 ? "SEAT_KIND_HUMAN" : "SEAT_KIND_BOT", bot: bots[0]?.name, name: "" };
    const bot = h("select", { name: "bot", "aria-label": t("lobby.seat_bot", { n: i + 1 }) }, bots.map((b) => h("option", { value: b.name, title: b.description }, b.name)));
    bot.value = was.bot;
    const kind = h("select", { name: "kind", "aria-label": t("lobby.seat_kind", { n: i + 1 }), onchange: () => { bot.disabled = kind.value !== "SEAT_KIND_BOT"; } },
      h("option", { value: "SEAT_KIND_HUMAN" }, t("lobby.human")), h("option", { value: "SEAT_KIND_BOT" }, t("lobby.bot")));
    kind.value = was.kind;
    bot.disabled = kind.value !== "SEAT_KIND_BOT";
    container.append(h("div", { class: "seatrow", "data-seat": i }, h("span", {}, t("seat", { n: i + 1 })), kind, bot,
      h("input", { name: "seatname", placeholder: t("lobby.seat_name"), value: was.name, maxLength: 40 })));
  }
}

function tableForm(choices) {
  const maps = h("select", { name: "map" }, choices.maps.map((m) => h("option", { value: m.map }, tOr(`map.name.${m.map}`, m.title))));
  const seats = h("div", { id: "seats" });
  const players = h("select", { name: "players", onchange: () => seatRows(seats, Number(players.value), choices.bots) },
    [1, 2, 3, 4, 5].map((n) => h("option", { value: n }, n)));
  players.value = "2";
  seatRows(seats, 2, choices.bots);
  const clock = h("select", { name: "clock" }, h("option", { value: "none" }, t("lobby.clock_none")),
    h("option", { value: "decision" }, t("lobby.clock_decision")), h("option", { value: "bank" }, t("lobby.clock_bank")));
  const seconds = h("input", { name: "seconds", type: "number", min: 1, value: 120 });
  const increment = h("input", { name: "increment", type: "number", min: 0, value: 10 });
  const policy = h("select", { name: "policy" }, h("option", { value: "TIMEOUT_POLICY_DEFAULT_ANSWER" }, t("lobby.policy_default")),
    h("option", { value: "TIMEOUT_POLICY_BOT" }, t("lobby.policy_bot")));
  // World Government Terraforming is a Venus Next rule: offered only with Venus, on by
  // default there (as GameOptions has it unset); the service refuses it without Venus.
  const worldGovernment = check("world_government", "lobby.world_government", true);
  const venus = check("venus", "lobby.venus");
  const venusBox = venus.querySelector("input");
  const showWorldGovernment = () => {
    worldGovernment.hidden = !venusBox.checked;
    worldGovernment.querySelector("input").disabled = !venusBox.checked;
  };
  venusBox.addEventListener("change", showWorldGovernment);
  showWorldGovernment();
  const form = h("form", { id: "create" },
    h("p", {}, h("label", {}, t("lobby.players"), " ", players), " ", h("label", {}, t("lobby.map"), " ", maps)),
    seats,
    h("p", {}, check("corporate_era", "lobby.corporate_era", true), " ", check("draft", "lobby.draft"), " ",
      check("prelude", "lobby.prelude"), " ", check("colonies", "lobby.colonies"), " ",
      venus, " ", worldGovernment, " ",
      check("realtime", "lobby.realtime", true), " ", check("undo", "lobby.undo")),
    h("p", {}, openTableChoice()),
    h("p", {}, h("label", {}, t("lobby.clock"), " ", clock), " ", h("label", {}, t("lobby.seconds"), " ", seconds), " ",
      h("label", {}, t("lobby.increment"), " ", increment), " ", h("label", {}, t("lobby.timeout"), " ", policy)),
    h("button", { id: "create-table", type: "submit" }, t("lobby.create")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = form.elements;
    const body = {
      options: { players: Number(players.value), map: maps.value, corporate_era: f.corporate_era.checked,
        draft: f.draft.checked, prelude: f.prelude.checked, colonies: f.colonies.checked,
        venus: f.venus.checked, realtime_scoring_enabled: f.realtime.checked, undo: f.undo.checked },
      seats: [...seats.querySelectorAll(".seatrow")].map((row) => {
        const kind = row.querySelector("[name=kind]").value;
        const seat = { kind, name: row.querySelector("[name=seatname]").value };
        if (kind === "SEAT_KIND_BOT") seat.bot = row.querySelector("[name=bot]").value;
        return seat;
      }),
    };
    if (f.venus.checked) body.options.world_government = f.world_government.checked;
    if (clock.value === "decision") body.time_control = { decision_seconds: Number(seconds.value), timeout_policy: policy.value };
    if (clock.value === "bank") body.time_control = { seconds_per_game: Number(seconds.value), seconds_per_decision: Number(increment.value), timeout_policy: policy.value };
    try {
      if (f.open_table.checked) { // an open table has no clock: the others' seats wait unplayed
        delete body.time_control;
        location.hash = `#/game/${(await api("POST", "/api/tables", body)).game_id}`;
        return;
      }
      const made = await api("POST", "/api/games", body);
      location.hash = `#/game/${made.game_id}`;
    } catch (error) { failed(error); }
  });
  return h("section", { id: "table" }, h("h2", {}, t("lobby.new_table")), form);
}

function matchmakingPanel(choices, session) {
  const players = h("select", { name: "mm-players" }, [2, 3, 4, 5].map((n) => h("option", { value: n }, n)));
  const maps = h("select", { name: "mm-map" }, choices.maps.map((m) => h("option", { value: m.map }, tOr(`map.name.${m.map}`, m.title))));
  const status = h("span", { id: "mm-status" });
  let polling = null;
  const find = h("button", { id: "find-match", disabled: !session.signed_in, onclick: async () => {
    try {
      let ticket = await api("POST", "/api/matchmaking", { format: { players: Number(players.value), map: maps.value } });
      status.textContent = t("lobby.waiting");
      polling = setInterval(async () => {
        ticket = await api("GET", `/api/matchmaking/${ticket.ticket_id}`);
        if (ticket.status === "TICKET_STATUS_MATCHED") {
          clearInterval(polling);
          location.hash = `#/game/${ticket.game_id}`;
        }
      }, 1000);
    } catch (error) { failed(error); }
  } }, t("lobby.find_match"));
  return h("section", { id: "matchmaking" }, h("h2", {}, t("lobby.matchmaking")),
    session.signed_in ? null : h("p", { class: "muted" }, t("lobby.sign_in_first")),
    h("p", {}, h("label", {}, t("lobby.players"), " ", players), " ", h("label", {}, t("lobby.map"), " ", maps)), find, " ", status);
}

const LISTED = ["GAME_STATUS_ACTIVE", "GAME_STATUS_FINISHED"];

// `listed`: the replies of /api/games for each of LISTED, in its order.
function gamesPanel(choices, listed) {
  const list = h("tbody");
  const panel = h("section", { id: "games" }, h("h2", {}, t("lobby.games")),
    h("table", {}, h("thead", {}, h("tr", {}, [t("lobby.game"), t("lobby.players"), t("generation"), t("phase"), ""].map((x) => h("th", {}, x)))), list));
  for (const [i, status] of LISTED.entries()) {
    for (const g of listed[i].games) {
      // The table's map and options, in the open tables' words (GameSummary.options; none
      // from a service before it).
      const table = g.options ? [" · ", h("span", { class: "table-map" }, mapTitle(choices, g.options.map)), optionsLine(g.options)] : null;
      list.append(h("tr", { "data-game": g.game_id }, h("td", {}, g.game_id, table), h("td", {}, g.players),
        h("td", {}, g.generation), h("td", {}, t(`phase.${g.phase}`)),
        h("td", {}, h("a", { href: `#/game/${g.game_id}`, class: g.mine ? "open" : "watch" },
          g.mine ? t("lobby.open") : t("lobby.watch")),
          status === "GAME_STATUS_FINISHED" ? [" ", h("a", { href: `#/replay/${g.game_id}`, class: "replay" }, t("player.replay"))] : null)));
    }
  }
  return panel;
}

export async function renderLobby(app) {
  const redraw = () => renderLobby(app);
  // Every read at once: the lobby is drawn after one round trip, not three.
  const [session, choices, ...listed] = await Promise.all([api("GET", "/api/session"), api("GET", "/api/choices"),
    ...LISTED.map((status) => api("GET", `/api/games?status=${status}`))]);
  app.replaceChildren(h("div", { class: "lobby" }, sessionPanel(session, redraw), tableForm(choices),
    openTablesPanel(session, choices), matchmakingPanel(choices, session), gamesPanel(choices, listed)));
}
