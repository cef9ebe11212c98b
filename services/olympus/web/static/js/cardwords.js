// The game's own words (card names, texts, actions and "choose one" labels, milestones, awards,
// colony tiles) in the page's language, from the card words catalogue i18n/cards/<lang>.json;
// English where a word is missing. `await loadCardWords(language)` once per language switch,
// then look words up.

// Languages whose file was made from another one's: an entry missing from it reads the source
// language's before English (the official-orthography Belarusian file is converted by hand
// from the classical one, so a card added there and not yet here still reads in Belarusian).
const SOURCE_FILES = { be: "be-tarask" };

let english = null;
let words = null;
let source = null;

async function fetchWords(code) {
  const response = await fetch(`/static/i18n/cards/${code}.json`);
  if (!response.ok) throw new Error(`card words ${code}: HTTP ${response.status}`);
  return response.json();
}

// A file's words, or null when it cannot be read (said on the console).
async function wordsOrNull(code, what) {
  try {
    return await fetchWords(code);
  } catch (error) {
    console.warn(`card words ${what} not loaded: ${error.message}`);
    return null;
  }
}

// Never throws: a file that cannot be read leaves the words the server sent (every lookup's
// `fallback`) on the page rather than no page at all. The files are read at once, not one
// after the other (English, the language's, its source language's).
export async function loadCardWords(language) {
  const from = SOURCE_FILES[language];
  const [en, own, src] = await Promise.all([
    english || wordsOrNull("en", `for ${language}`),
    language === "en" ? null : wordsOrNull(language, `for ${language}`),
    from ? wordsOrNull(from, `for ${language}'s source ${from}`) : null,
  ]);
  english = en;
  words = language === "en" ? english : own;
  source = src;
}

// One field of one entry: the language's, then its source language's (SOURCE_FILES), then
// English's, then `fallback` (what the server sent, say), then the id itself.
function word(section, id, field, fallback) {
  const key = String(id ?? "");
  const own = (dictionary) => dictionary?.[section]?.[key]?.[field];
  return own(words) || own(source) || own(english) || (fallback ?? key);
}

// Colony tiles are keyed by their name in lower case (the page's data-tile).
const colonyKey = (id) => String(id ?? "").toLowerCase();

export const cardName = (id, fallback) => word("cards", id, "name", fallback);
export const cardText = (id, fallback) => word("cards", id, "text", fallback);
export const milestoneName = (id, fallback) => word("milestones", id, "name", fallback);
export const milestoneText = (id, fallback) => word("milestones", id, "text", fallback);
export const awardName = (id, fallback) => word("awards", id, "name", fallback);
export const awardText = (id, fallback) => word("awards", id, "text", fallback);
export const colonyName = (id, fallback) => word("colonies", colonyKey(id), "name", fallback);
export const colonyPlacement = (id, fallback) => word("colonies", colonyKey(id), "placement", fallback);
export const colonyBonus = (id, fallback) => word("colonies", colonyKey(id), "bonus", fallback);
// A card action's label, by the card and the action's index (what the action decision names).
export const actionLabel = (number, index, fallback) => word("actions", `${number}.${index}`, "label", fallback);
// A card's printed "choose one" label, by the card and the label's index on it (what the label
// code "label.card_option" names).
export const cardOption = (number, index, fallback) => word("options", `${number}.${index}`, "label", fallback);
