// Card faces: cost, tags as icons, the requirement and the points in the reader's language,
// the summary, resources held, and why a card in hand cannot be played now; the hand in the
// order the reader picked; a seat's tableau grouped by kind.
import { actionLabel, cardName, cardText } from "./cardwords.js";
import { h } from "./dom.js";
import { t, tn } from "./i18n.js";

// Symbols every system font has (no emoji font needed), on the tag's colour (style.css).
const TAG_ICONS = { building: "⌂", space: "☄", science: "⚛", earth: "♁", power: "⚡", plant: "✿", jovian: "♃",
  microbe: "☣", city: "▦", animal: "♞", wild: "✱", event: "⚑", venus: "♀" };

export function tagIcon(tag, count) {
  const word = t(`tag.${tag}`);
  return h("span", { class: `tag tag-${tag}`, title: word, "aria-label": word, "data-tag": tag },
    TAG_ICONS[tag] || "?", count !== undefined ? h("b", {}, count) : null);
}

const isSet = (x) => x !== null && x !== undefined;

// A requirement, {kind, subject, minimum, maximum} (exactly one of the last two), in words.
export function requirementText(r) {
  const n = isSet(r.minimum) ? r.minimum : r.maximum;
  const words = {
    temperature: () => t("req.temperature", { n }),
    oxygen: () => t("req.oxygen", { n }),
    oceans: () => tn("req.oceans", n),
    tag: () => tn("req.tag", n, { tag: t(`tag.${r.subject}`) }),
    production: () => t("req.production", { n, resource: t(`res.${r.subject}`) }),
    greeneries: () => tn("req.greeneries", n),
    cities: () => tn(r.subject === "any" ? "req.cities_any" : "req.cities", n),
    colonies: () => tn("req.colonies", n),
    floaters: () => tn("cres.floater", n),
    venus: () => t("req.venus", { n }), // Venus Next
    tr: () => t("req.tr", { n }),
  };
  const what = (words[r.kind] || (() => `${r.kind} ${n}`))();
  return t(isSet(r.minimum) ? "req.at_least" : "req.at_most", { what });
}

// The value a requirement looked at, with its unit (why a card is not playable).
function valueText(kind, value) {
  if (kind === "temperature") return `${value} °C`;
  if (kind === "oxygen" || kind === "venus") return `${value}%`;
  return String(value);
}

// The catalogue's points, [kind, points, per, subject], in words: "1 VP", "1 VP per 2 animals";
// "per 1 animal" reads "per animal": a count of 1 takes the key's `.each` form, which has no
// number (and the case the language's "per" asks for).
export function vpText([kind, points, per, subject]) {
  const vp = tn("vp.fixed", points);
  const each = (key, params = {}) => (per === 1 ? t(`${key}.each`, params) : tn(key, per, params));
  if (kind === "fixed") return vp;
  if (kind === "per_resource") return t("vp.per", { vp, what: each(`cres.${subject}`) });
  if (kind === "per_tag") return t("vp.per", { vp, what: each("req.tag", { tag: t(`tag.${subject}`) }) });
  if (kind === "per_cities") return t("vp.per", { vp, what: each("req.cities_any") });
  if (kind === "per_colonies") return t("vp.per", { vp, what: each("req.colonies") });
  if (kind === "per_adjacent") {
    // A tile whose word has another gender than the phrase's (Belarusian "места") has its own.
    const own = `vp.adjacent.${subject}`;
    if (t(own) !== own) return t(own, { vp });
    return t("vp.adjacent", { vp, tile: t(`tile.TILE_TYPE_${String(subject).toUpperCase()}`) });
  }
  if (kind === "if_resource") return t("vp.if_resource", { vp, what: tn(`cres.${subject}`, per) });
  return vp;
}

// Why a card in hand cannot be played now (the view's own.unplayable entry), in words.
export function reasonText(why) {
  if (why.reason === "requirement") {
    return t("unplayable.requirement", { what: requirementText(why), value: valueText(why.kind, why.value) });
  }
  if (why.reason === "cost") return t("unplayable.cost", { n: why.value });
  return t(`unplayable.${why.reason === "effects" ? "effects" : "payment"}`);
}

const requirementsOf = (card) => (card.requirements || []).map(([kind, subject, minimum, maximum]) => ({ kind, subject, minimum, maximum }));

// A played card's actions: each one's label in the reader's words (the card words' actions,
// keyed as the action decision names them; the catalogue's English else), then whether the
// card's action was used this generation (one action a card per generation, whichever).
function actionLines(number, labels, used) {
  return [...labels.map((label, index) => h("div", { class: "card-action", "data-action": index }, actionLabel(number, index, label))),
    h("div", { class: used ? "action used" : "action ready" }, t(used ? "tableau.used" : "tableau.ready"))];
}

// extra: class, children, held (resources on the card), why (not playable now), used (its
// action this generation: true / false; unset when the card has none).
export function cardTile(ref, catalogue, extra = {}) {
  const card = catalogue.get(ref.number) || {};
  const classes = ["card", card.type ? `type-${card.type}` : "", extra.class || "", extra.why ? "unplayable" : ""];
  const resource = card.resource;
  // The name and the effect text in the page's language (cardwords.js), the catalogue's
  // English where the card words have none.
  const text = cardText(ref.number, card.summary || "");
  return h("div", { class: classes.join(" "), "data-card": ref.number, "data-type": card.type || "", title: text },
    h("div", { class: "top" }, isSet(card.cost) ? h("span", { class: "cost" }, card.cost) : null,
      h("span", { class: "tags" }, (card.tags || []).map((x) => tagIcon(x)))),
    requirementsOf(card).map((r) => h("div", { class: "req", title: t("card.requirement") }, requirementText(r))),
    h("b", { class: "name" }, cardName(ref.number, ref.name || card.name)), " ", h("span", { class: "muted" }, ref.number),
    h("div", { class: "summary" }, text),
    card.vp ? h("div", { class: "vp", title: t("card.vp") }, vpText(card.vp)) : null,
    resource && isSet(extra.held) ? h("div", { class: "held" }, t("card.held", { what: tn(`cres.${resource}`, extra.held) })) : null,
    extra.used === undefined ? null : actionLines(ref.number, card.actions || [], extra.used),
    extra.why ? h("div", { class: "why" }, reasonText(extra.why)) : null,
    extra.children || null);
}

// --- the hand --------------------------------------------------------------------------------

const SORTS = ["dealt", "cost", "playable", "vp"];
const SORT_KEY = "olympus.hand_sort"; // kept by the browser: the page redraws on every move

function sortedHand(hand, catalogue, unplayable) {
  const order = localStorage.getItem(SORT_KEY) || "dealt";
  const cost = (c) => catalogue.get(c.number)?.cost ?? 0;
  // Points for sorting: a fixed card's own; a card that counts something, its points per count.
  const vp = (c) => catalogue.get(c.number)?.vp?.[1] ?? 0;
  const by = {
    cost: (a, b) => cost(a) - cost(b),
    playable: (a, b) => Number(unplayable.has(a.number)) - Number(unplayable.has(b.number)),
    vp: (a, b) => vp(b) - vp(a),
  }[order];
  // Array sort is stable: equal keys keep the order the cards were received in.
  return by ? [...hand].sort(by) : hand;
}

export function handPanel(hand, catalogue, playable, unplayable, redraw) {
  const current = localStorage.getItem(SORT_KEY) || "dealt";
  const select = h("select", { name: "hand-sort", "aria-label": t("sort"), onchange: (e) => { localStorage.setItem(SORT_KEY, e.target.value); redraw(); } },
    SORTS.map((x) => h("option", { value: x, selected: x === current }, t(`sort.${x}`))));
  return h("section", { id: "hand" }, h("h2", {}, `${t("hand")} (${hand.length}) `, h("label", { class: "sort" }, `${t("sort")}: `, select)),
    h("div", { class: "cards" }, sortedHand(hand, catalogue, unplayable).map((c) => cardTile(c, catalogue,
      { class: playable.has(c.number) ? "playable" : "", why: unplayable.get(c.number) }))));
}

// --- a seat's tableau ----------------------------------------------------------------------

export function tagCounts(player, catalogue) {
  const counts = {};
  // Tags in play: the corporation's and the played cards' (an event's tags leave with it; it
  // counts as one event tag).
  for (const ref of [player.corporation, ...(player.played || [])].filter(Boolean)) {
    for (const tag of catalogue.get(ref.number)?.tags || []) counts[tag] = (counts[tag] || 0) + 1;
  }
  if (player.events?.length) counts.event = player.events.length;
  return h("div", { class: "tag-counts", title: t("tags") }, Object.entries(counts).map(([tag, n]) => tagIcon(tag, n)));
}

export function tableau(player, catalogue) {
  const used = new Set((player.used_actions || []).map((c) => c.number));
  const held = new Map((player.card_resources || []).map((r) => [r.card.number, r.count]));
  const tile = (ref) => {
    const card = catalogue.get(ref.number) || {};
    return cardTile(ref, catalogue, { class: "mini", held: card.resource ? held.get(ref.number) ?? 0 : undefined,
      used: card.actions?.length ? used.has(ref.number) : undefined });
  };
  const kinds = { automated: [], active: [] };
  for (const ref of player.played || []) kinds[catalogue.get(ref.number)?.type === "active" ? "active" : "automated"].push(ref);
  const group = (kind, refs) => refs.length
    ? h("div", { class: "group", "data-kind": kind }, h("h4", {}, `${t(`tableau.${kind}`)} (${refs.length})`), h("div", { class: "cards" }, refs.map(tile)))
    : null;
  const any = player.corporation || player.played?.length || player.events?.length;
  return h("div", { class: "tableau" }, any ? null : h("div", { class: "muted" }, t("tableau.empty")),
    group("corporation", player.corporation ? [player.corporation] : []),
    group("active", kinds.active), group("automated", kinds.automated), group("events", player.events || []));
}
