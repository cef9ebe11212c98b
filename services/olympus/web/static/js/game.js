// A game's page: loads the board, the viewer's view and decision; follows the game live over
// server-sent events; sends the viewer's answers.
import { api, cards } from "./api.js";
import { h, showMessage, showNotice } from "./dom.js";
import { t, tOr } from "./i18n.js";
import { drawMap, mapLegend } from "./map.js";
import { decisionPanel, tableControls } from "./decision.js";
import { colonyTiles } from "./colonies.js";
import { handPanel } from "./cards.js";
import { cardName, milestoneName, awardName } from "./cardwords.js";
import { advancePassPanel, askConfirm, confirmQuestion, passNow, preferencesPanel } from "./conveniences.js";
import { finalBreakdown, liveScore, logLine, milestonesAndAwards, parameters, seatBoards, seatName, tickClocks } from "./panels.js";
import { optionsLine, rematchPanel } from "./tables.js";
import { refusalText } from "./prompts.js";

// Measured by the browser tests: answer click -> the new version on screen.
window.olympusMetrics = window.olympusMetrics || { answers: [], renders: [] };

export async function openGame(app, gameId) {
  const [board, state, catalogue] = await Promise.all([
    api("GET", `/api/games/${gameId}/board`), api("GET", `/api/games/${gameId}`), cards()]);
  const game = { id: gameId, board, view: state.game, decision: state.decision, host: state.host, catalogue, log: [], pending: null, closed: false, recent: new Set() };
  let refreshing = null;
  let newest = 0; // the newest version an event told of
  let drawing = null;
  const scheduleRender = () => { drawing = drawing || setTimeout(() => { drawing = null; render(); }, 0); };

  // Reads the view again until it is as new as the newest event (one read at a time).
  const refresh = async () => {
    if (refreshing) return refreshing;
    refreshing = (async () => {
      try {
        do {
          const next = await api("GET", `/api/games/${gameId}`);
          game.view = next.game;
          game.decision = next.decision;
        } while (!game.closed && newest > Number(game.view.version));
        if (!game.closed) render();
      } catch (error) {
        // A read refused (a busy service, a quota): tried again shortly, so that the page
        // never stays behind the events it was told of.
        if (!game.closed) setTimeout(refresh, 1000);
      } finally { refreshing = null; }
    })();
    return refreshing;
  };

  // Resign or abort (asked first by the page): the game's next version comes as an event.
  const act = async (path, body) => {
    try {
      await api("POST", `/api/games/${gameId}/${path}`, body);
      showMessage("");
      await refresh();
    } catch (error) {
      showMessage(`${t("refused")}: ${refusalText(error)}`);
    }
  };

  const send = async (answer) => {
    const version = Number(game.decision.version);
    const started = performance.now();
    let path = "answer";
    let body;
    if (answer.undo) { path = "undo"; body = { expected_version: version, count: answer.undo }; }
    else if (answer.text !== undefined) body = { expected_version: version, text: answer.text };
    else body = { expected_version: version, answer };
    body.key = crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    try {
      const done = await api("POST", `/api/games/${gameId}/${path}`, body);
      showMessage("");
      game.pending = { version: Number(done.version), started };
      await refresh();
    } catch (error) {
      showMessage(`${t("refused")}: ${refusalText(error)}`);
      document.body.dataset.refusals = String(Number(document.body.dataset.refusals || 0) + 1);
    }
  };

  // A costly move or a pass that leaves moves undone asks first (the preferences say when).
  const names = { card: (c) => cardName(c.number, c.name), milestone: (id) => milestoneName(id), award: (id) => awardName(id) };
  const guarded = async (answer) => {
    const reply = game.decision;
    const question = reply.your_turn ? confirmQuestion(answer, reply.decision, names) : "";
    if (question && !(await askConfirm(question))) return;
    await send(answer);
  };

  // The links the creator of a person-and-person table sends to the other seats: the bridge
  // keeps them in the host's session, so any tab of the host's browser shows them (read once,
  // after the first drawing; a failed read leaves the panel out, as for a guest).
  let invitations = [];
  if (game.host) {
    api("GET", `/api/games/${gameId}/invitations`).then((reply) => {
      invitations = reply.invitations || [];
      if (!game.closed) scheduleRender();
    }).catch(() => {});
  }
  function invitationPanel(view) {
    if (!invitations.length || view.status !== "GAME_STATUS_ACTIVE") return null;
    return h("section", { id: "invitations" }, h("h2", {}, t("invitations")), h("p", { class: "muted" }, t("invitations.hint")),
      invitations.map((invite) => {
        const link = new URL(invite.link, location.origin).href;
        const field = h("input", { readonly: true, value: link, "aria-label": seatName(view, invite.seat) });
        const copy = h("button", { class: "copy", onclick: async () => {
          try { await navigator.clipboard.writeText(link); } catch { field.select(); document.execCommand("copy"); }
          copy.textContent = t("invitations.copied");
        } }, t("invitations.copy"));
        return h("div", { class: "invite", "data-seat": invite.seat }, h("span", {}, seatName(view, invite.seat)), field, copy);
      }));
  }

  // The tiles placed by the latest move that placed any (highlighted on the map): the spaces
  // tiled now and not in the previous version the page drew. None on the first drawing.
  let tiled = null;
  let tiledVersion = null;
  function markRecent(view) {
    if (view.version === tiledVersion) return;
    const now = new Set((view.board || []).map((x) => x.space));
    if (tiled) {
      const placed = [...now].filter((x) => !tiled.has(x));
      if (placed.length) game.recent = new Set(placed);
    }
    tiled = now;
    tiledVersion = view.version;
  }

  function render() {
    const started = performance.now();
    const view = game.view;
    const reply = game.decision;
    const d = reply.your_turn ? reply.decision : null;
    const legal = new Set(d?.kind === "DECISION_KIND_SPACE" ? d.space.spaces : []);
    const own = (view.players || []).find((p) => p.seat === view.viewer)?.own;
    const hand = own?.hand || [];
    const playable = new Set((d?.action?.play || []).map((p) => p.card.number));
    const unplayable = new Map((own?.unplayable || []).map((u) => [u.card.number, u]));
    markRecent(view);
    const spectator = view.viewer === undefined;
    app.replaceChildren(h("div", { class: "game", id: "game", "data-version": view.version, "data-status": view.status },
      h("div", {}, parameters(view, board), h("section", {}, h("h2", {}, tOr(`map.name.${board.map}`, board.map_title)),
        optionsLine(view.settings?.options, { id: "game-options" }), drawMap(board, view, legal, (space) => send({ space }), game.recent), mapLegend()),
        colonyTiles(view, board), milestonesAndAwards(view, board, reply), liveScore(view),
        h("section", {}, h("h2", {}, t("log")), h("div", { class: "log", id: "log" }, game.log.map((line) => h("div", {}, line))))),
      h("div", {}, spectator ? h("p", { id: "spectating", class: "muted" }, t("spectating")) : null,
        finalBreakdown(view), rematchPanel(game), advancePassPanel(gameId, view, reply, render), decisionPanel(game, guarded), invitationPanel(view),
        tableControls(game, send, act), preferencesPanel(render),
        spectator ? null : handPanel(hand, catalogue, playable, unplayable, render),
        seatBoards(view, catalogue))));
    const logBox = document.getElementById("log");
    if (logBox) logBox.scrollTop = logBox.scrollHeight;
    window.olympusMetrics.renders.push(performance.now() - started);
    document.body.dataset.version = view.version;
    if (game.pending && Number(view.version) >= game.pending.version) {
      window.olympusMetrics.answers.push(performance.now() - game.pending.started);
      game.pending = null;
      // Counts this page's own answers now on screen (other seats' moves change the version
      // too): what a test waits for after a click.
      document.body.dataset.answered = String(Number(document.body.dataset.answered || 0) + 1);
    }
    // Advanced pass: the seat said it passes at this turn; the page answers it, and says so.
    if (reply.your_turn && passNow(gameId, view, reply.decision)) {
      showNotice(t("advance_pass.done"));
      document.body.dataset.autopassed = String(Number(document.body.dataset.autopassed || 0) + 1);
      send({ pass_turn: {} });
    }
  }

  render();
  const ticking = setInterval(() => tickClocks(app), 500); // running clocks count down
  const events = new EventSource(`/api/games/${gameId}/events?from=0`);
  let live = false; // past the events of the game so far: notices are for what happens now
  events.addEventListener("game", (message) => {
    const event = JSON.parse(message.data);
    const lines = (event.log || []).map((entry) => logLine(game.view, entry));
    if (event.timed_out && lines.length) lines[0] = `${lines[0]} ${t("log.timed_out")}`;
    // A handover is a flag of the answer that timed out once too often, not a log entry of the
    // service's: worded here as the log's own line, after the answer's.
    if (event.handed_to_bot) lines.push(logLine(game.view, { kind: "handed_to_bot", args: [{ number: event.seat }] }));
    game.log.push(...lines);
    if (Number(event.version) >= Number(game.view.version)) live = true;
    if (live && event.seat !== undefined && (event.timed_out || event.handed_to_bot)) {
      const name = seatName(game.view, Number(event.seat));
      showNotice(t(event.handed_to_bot ? "notice.handed_to_bot" : "notice.timed_out", { name }));
    }
    newest = Math.max(newest, Number(event.version));
    if (newest > Number(game.view.version)) refresh();
    else scheduleRender();
  });
  events.addEventListener("end", () => events.close());
  events.addEventListener("refused", (message) => showMessage(refusalText(JSON.parse(message.data).error || {})));
  return () => { game.closed = true; clearInterval(ticking); events.close(); };
}
