// The interface's own words: one JSON dictionary per language, chosen by the browser's
// language unless the person picked one (kept in localStorage).
// zh-Hant and be-tarask first: the rule guides are written in them; zh (Simplified) and be
// (official orthography) stay as further choices. docs/languages.md tells the choices.
export const LANGUAGES = { en: "English", vi: "Tiếng Việt", "zh-Hant": "繁體中文", "be-tarask": "Беларуская (тарашкевіца)", zh: "简体中文", be: "Беларуская (наркамаўка)" };
let words = {};
let english = {};
export let language = "en";

export function pickLanguage() {
  const saved = localStorage.getItem("olympus.lang");
  if (saved && LANGUAGES[saved]) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = browserLanguage(tag);
    if (code) return code;
  }
  return "en";
}

// A browser's language tag -> one of ours, or "". Chinese: Traditional for the Hant script or
// Taiwan, Hong Kong and Macau, Simplified (zh) otherwise; Belarusian: the guides' classical
// orthography unless the tag names the official one (be-BY stays classical: it names a country).
export function browserLanguage(tag) {
  const parts = String(tag).toLowerCase().split(/[-_]/);
  const [primary, ...rest] = parts;
  if (primary === "zh") {
    if (rest.includes("hans")) return "zh";
    return rest.some((part) => ["hant", "tw", "hk", "mo"].includes(part)) ? "zh-Hant" : "zh";
  }
  if (primary === "be") return rest.includes("1959acad") ? "be" : "be-tarask";
  return primary in LANGUAGES ? primary : "";
}

async function load(code) {
  const response = await fetch(`/static/i18n/${code}.json`);
  return response.json();
}

export async function setLanguage(code, remember = false) {
  // Both dictionaries at once: one round trip before the page can be worded, not two.
  const [en, own] = await Promise.all([Object.keys(english).length ? english : load("en"), code === "en" ? null : load(code)]);
  english = en;
  words = own || english;
  language = code;
  document.documentElement.lang = code;
  if (remember) localStorage.setItem("olympus.lang", code);
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t, el.dataset.tParams ? JSON.parse(el.dataset.tParams) : {});
}

// An element worded by key and parameters and worded again when the language changes: the
// header's "Signed in as" stays on screen while the pages under it change.
export function wordElement(el, key, params = {}) {
  el.dataset.t = key;
  el.dataset.tParams = JSON.stringify(params);
  el.textContent = t(key, params);
}

// t("log.play", {p: "Ann"}) -> the phrase with {p} replaced.
export function t(key, params = {}) {
  const phrase = words[key] ?? english[key] ?? key;
  return phrase.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

// The dictionaries' phrase for a key the server names (a map, a space), else the server's
// own English words.
export function tOr(key, fallback) {
  const phrase = words[key] ?? english[key];
  return phrase === undefined ? fallback : t(key);
}

// A counted phrase: tn("req.oceans", 6) -> "6 oceans". Every dictionary holds the forms
// key.one, .few, .many and .other (a language without a distinction repeats the phrase), and
// the language's own rules (Intl.PluralRules) pick one: Belarusian 1 / 2-4 / 5-20, etc.
export function tn(key, n, params = {}) {
  const form = new Intl.PluralRules(language).select(Math.abs(Number(n)));
  const chosen = `${key}.${["one", "few", "many"].includes(form) ? form : "other"}`;
  return t(chosen, { ...params, n });
}
