// The ladder page (#/ladder and #/ladder/<queue>): the ladders to pick a queue from, and a
// queue's leaderboard, best first, each player linking to their page.
import { api } from "./api.js";
import { h } from "./dom.js";
import { t, tn } from "./i18n.js";

export function rating(value) {
  return Number(value || 0).toFixed(2);
}

function queuePicker(current) {
  const input = h("input", { id: "queue-name", name: "queue", value: current || "", required: true, pattern: "[A-Za-z0-9][A-Za-z0-9._\\-]{0,63}" });
  const form = h("form", { id: "queue-form", class: "row", onsubmit: (event) => {
    event.preventDefault();
    if (input.value) location.hash = `#/ladder/${encodeURIComponent(input.value)}`;
  } }, h("label", { for: "queue-name" }, t("ladder.queue")), input, h("button", { type: "submit" }, t("ladder.show")));
  return form;
}

async function laddersList() {
  // A bridge without a ladder service lists none; the leaderboard of any queue still shows.
  const { ladders = [] } = await api("GET", "/api/ladders").catch(() => ({ ladders: [] }));
  if (!ladders.length) return h("p", { class: "muted" }, t("ladder.none"));
  return h("ul", { id: "ladders" }, ladders.map((l) => h("li", {},
    h("a", { href: `#/ladder/${encodeURIComponent(l.name)}` }, l.name), " ",
    h("span", { class: "muted" }, tn("ladder.games", l.games_finished || 0)))));
}

async function board(queue) {
  const data = await api("GET", `/api/leaderboard/${encodeURIComponent(queue)}?page_size=100`);
  const rows = (data.entries || []).map((e) => h("tr", { "data-player": e.player },
    h("td", {}, e.rank),
    h("td", {}, h("a", { href: `#/player/${encodeURIComponent(queue)}/${encodeURIComponent(e.player)}` }, e.name || e.player)),
    h("td", {}, rating(e.rating?.ordinal)), h("td", {}, rating(e.rating?.mu)), h("td", {}, rating(e.rating?.sigma)),
    h("td", {}, e.rating?.games || 0), h("td", {}, e.rating?.wins || 0)));
  return h("table", { id: "leaderboard" },
    h("caption", {}, tn("ladder.caption", data.total_count || 0, { queue })),
    h("thead", {}, h("tr", {}, ["ladder.rank", "ladder.player", "ladder.ordinal", "ladder.mu", "ladder.sigma", "ladder.played", "ladder.wins"]
      .map((key) => h("th", { scope: "col" }, t(key))))),
    h("tbody", {}, rows));
}

export async function renderLadder(app, queue) {
  const parts = [h("h1", {}, t("ladder.title")), queuePicker(queue), await laddersList()];
  if (queue) parts.push(await board(queue));
  app.replaceChildren(h("section", { id: "ladder-page" }, parts));
}
