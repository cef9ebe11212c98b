// The server's questions and refusals in the page's language (issue 32). A decision carries
// prompt_code + prompt_params (olympus/engine/prompts.py lists the codes), a refusal its
// ErrorInfo reason + metadata; both are worded here through the dictionaries, keys
// "prompt.<code>" and "refusal.<REASON>" (docs/languages.md). A code or reason the dictionaries
// do not know shows the English text the server sent.
import { actionLabel, awardName, cardName, cardOption, colonyName, colonyPlacement, milestoneName } from "./cardwords.js";
import { t, tn } from "./i18n.js";

const known = (key) => t(key) !== key;

// How a parameter's value is worded, by the parameter's name; numbers and the rest as sent.
const WORDING = {
  card: (v) => cardName(v),
  holder: (v) => cardName(v),
  corporation: (v) => cardName(v),
  colony: (v) => colonyName(v),
  milestone: (v) => milestoneName(v),
  award: (v) => awardName(v),
  // A resource's name as a phrase uses it ("heat", "M€"); a count of it is `counted`.
  res: (v) => t(`prompt.res.${v}`),
  target: (v) => t(`prompt.res.${v}`),
  tile: (v) => t(`prompt.tile.${v}`),
  tag: (v) => t(`tag.${v}`),
};

// The parameters as a message uses them: each worded, and `counted` ("3 plants", "2 microbes")
// when a count `n` goes with a resource or a card resource, in the plural form the count asks.
export function wordedParams(params = {}) {
  const out = {};
  for (const [name, value] of Object.entries(params)) out[name] = WORDING[name] ? WORDING[name](value) : value;
  if ("n" in params && "res" in params) out.counted = tn(`prompt.res.${params.res}`, params.n);
  if ("n" in params && "kind" in params) out.counted = tn(`cres.${params.kind}`, params.n);
  // A colony tile's placement bonus, in the card words beside its name.
  if ("colony" in params) out.placement = colonyPlacement(params.colony);
  return out;
}

// The label codes whose words are a card's own (the card words' "options" and "actions", by
// the card and the label's index: prompts.CARD_WORDED), not a page dictionary's.
const CARD_LABELS = {
  "label.card_option": (p, fallback) => cardOption(p.card, p.index, fallback),
  "label.card_action": (p, fallback) => actionLabel(p.card, p.index, fallback),
};

// One message by key: the counted forms (key.one, .few, ...) when the dictionary has them.
function message(key, params) {
  const words = wordedParams(params);
  if (known(`${key}.other`)) return tn(key, params.n ?? 0, words);
  return known(key) ? t(key, words) : null;
}

// A decision's question: its code worded, else the English prompt.
export function promptText(d) {
  return (d.prompt_code && message(`prompt.${d.prompt_code}`, d.prompt_params)) || d.prompt || "";
}

// An option's label (effect order: the card's name; a card's printed alternative: the card's
// words; a colony tile: its name), else the English label.
export function optionLabel(o) {
  const byCard = CARD_LABELS[o.label_code];
  if (byCard) return byCard(o.label_params || {}, o.label || "");
  return (o.label_code && message(`prompt.${o.label_code}`, o.label_params)) || o.label || "";
}

// A refusal (the bridge's error: reason, metadata, message): a milestone that is not reached
// says how far the seat is ("you have 2 of 3"), the others their reason's words, else the
// English message.
export function refusalText(error) {
  const reason = error.reason || "";
  const metadata = error.metadata || {};
  if (reason === "MILESTONE_UNAVAILABLE" && metadata.need !== undefined) {
    const key = metadata.at_most ? "refusal.MILESTONE_UNAVAILABLE.too_many" : "refusal.MILESTONE_UNAVAILABLE.short";
    return t(key, wordedParams(metadata));
  }
  return (reason && message(`refusal.${reason}`, metadata)) || error.message || reason || error.code || "";
}
