// The interface's own words: one JSON dictionary per language, chosen by the browser's
// language unless the person picked one (kept in localStorage).
export const LANGUAGES = { en: "English", vi: "Tiếng Việt", zh: "中文", be: "Беларуская" };
let words = {};
let english = {};
export let language = "en";

export function pickLanguage() {
  const saved = localStorage.getItem("olympus.lang");
  if (saved && LANGUAGES[saved]) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = tag.toLowerCase().split("-")[0];
    if (LANGUAGES[code]) return code;
  }
  return "en";
}

async function load(code) {
  const response = await fetch(`/static/i18n/${code}.json`);
  return response.json();
}

export async function setLanguage(code, remember = false) {
  if (!Object.keys(english).length) english = await load("en");
  words = code === "en" ? english : await load(code);
  language = code;
  document.documentElement.lang = code;
  if (remember) localStorage.setItem("olympus.lang", code);
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
}

// t("log.play", {p: "Ann"}) -> the phrase with {p} replaced.
export function t(key, params = {}) {
  const phrase = words[key] ?? english[key] ?? key;
  return phrase.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}
