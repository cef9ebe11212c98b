// A player's (or a bot's) page in a queue (#/player/<queue>/<player>): rating and rank, the
// rating after each rated game as a chart, and the recent games, each with its replay.
import { api } from "./api.js";
import { h } from "./dom.js";
import { t, tn } from "./i18n.js";
import { lineChart } from "./chart.js";
import { rating } from "./ladder.js";

export async function renderPlayer(app, queue, player) {
  const data = await api("GET", `/api/players/${encodeURIComponent(player)}?queue=${encodeURIComponent(queue)}`);
  const games = data.games || [];
  const points = games.map((g, i) => ({ value: Number(g.rating_after?.ordinal || 0),
    label: t("player.point", { n: i + 1, rating: rating(g.rating_after?.ordinal), place: g.place, players: g.players }) }));
  const summary = tn("player.chart", games.length, { rating: rating(data.rating?.ordinal) });
  const recent = games.slice().reverse().slice(0, 20).map((g) => h("tr", { "data-game": g.game_id },
    h("td", {}, g.record_time ? new Date(g.record_time).toLocaleString() : ""),
    h("td", {}, t("player.place", { place: g.place, players: g.players })),
    h("td", {}, `${rating(g.rating_before?.ordinal)} → ${rating(g.rating_after?.ordinal)}`),
    h("td", {}, h("a", { href: `#/replay/${g.game_id}`, class: "replay-link" }, t("player.replay")))));
  app.replaceChildren(h("section", { id: "player-page" },
    h("h1", {}, data.name || player),
    h("p", { id: "player-rating" }, t("player.summary", { queue, rank: data.rank, rating: rating(data.rating?.ordinal),
      games: data.rating?.games || 0, wins: data.rating?.wins || 0 })),
    h("p", {}, h("a", { href: `#/ladder/${encodeURIComponent(queue)}` }, t("player.back"))),
    h("figure", { id: "rating-chart" }, lineChart(points, summary), h("figcaption", {}, summary)),
    h("h2", {}, t("player.recent")),
    h("table", { id: "recent-games" },
      h("thead", {}, h("tr", {}, ["player.when", "player.result", "player.change", "player.replay"].map((key) => h("th", { scope: "col" }, t(key))))),
      h("tbody", {}, recent))));
}
