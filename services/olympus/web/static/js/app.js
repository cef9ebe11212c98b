// The page: a lobby (#/), a game (#/game/<id>), the ladder (#/ladder/<queue>), a player
// (#/player/<queue>/<player>) and a replay (#/replay/<id>), switched by the address's hash.
import { api, cards } from "./api.js";
import { loadCardWords } from "./cardwords.js";
import { h, showMessage } from "./dom.js";
import { LANGUAGES, pickLanguage, setLanguage, t } from "./i18n.js";
import { renderLobby } from "./lobby.js";
import { openGame } from "./game.js";
import { renderLadder } from "./ladder.js";
import { renderPlayer } from "./player.js";
import { openReplay } from "./replay.js";
import { refusalText } from "./prompts.js";

let closeCurrent = () => {};

async function route() {
  closeCurrent();
  closeCurrent = () => {};
  showMessage("");
  const app = document.getElementById("app");
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  try {
    if (parts[0] === "game" && parts[1]) {
      closeCurrent = await openGame(app, parts[1]);
    } else if (parts[0] === "ladder") {
      await renderLadder(app, decodeURIComponent(parts[1] || ""));
    } else if (parts[0] === "player" && parts[1] && parts[2]) {
      await renderPlayer(app, decodeURIComponent(parts[1]), decodeURIComponent(parts[2]));
    } else if (parts[0] === "replay" && parts[1]) {
      closeCurrent = await openReplay(app, parts[1]);
    } else if (parts[0] === "join" && parts[1] && parts[2]) {
      await api("POST", `/api/games/${parts[1]}/join`, { token: parts[2] });
      location.replace(`#/game/${parts[1]}`);
      return;
    } else {
      await renderLobby(app);
      // Fetched while the person reads the lobby, so that a game opens without waiting for it.
      setTimeout(() => cards().catch(() => {}), 0);
    }
  } catch (error) {
    showMessage(`${t("error")}: ${refusalText(error)}`);
  }
  performance.mark("olympus-ready");
  document.body.dataset.ready = "1";
}

// The page's own words and the game's (card names and texts, milestones, colony tiles).
async function useLanguage(code, remember = false) {
  await Promise.all([setLanguage(code, remember), loadCardWords(code)]); // read at once
}

async function start() {
  await useLanguage(pickLanguage());
  const select = document.getElementById("lang");
  for (const [code, name] of Object.entries(LANGUAGES)) select.append(h("option", { value: code }, name));
  select.value = document.documentElement.lang;
  select.addEventListener("change", async () => {
    await useLanguage(select.value, true);
    route();
  });
  window.addEventListener("hashchange", route);
  route();
}

start();
