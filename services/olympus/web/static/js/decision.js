// The viewer's pending decision, every kind, as controls that build a structured answer.
import { actionLabel, awardName, cardName, colonyName, milestoneName } from "./cardwords.js";
import { h, pressable } from "./dom.js";
import { t, tn } from "./i18n.js";
import { cardTile, seatName } from "./panels.js";
import { optionLabel, promptText } from "./prompts.js";

// A payment control for a PayRule: steel / titanium / heat inputs, the M€ left to pay shown.
function payControl(pay) {
  if (!pay) return { el: null, value: () => ({}) };
  const inputs = {};
  const left = h("span", { class: "mc-left" });
  const update = () => {
    const used = (Number(inputs.steel?.value) || 0) * pay.steel_value + (Number(inputs.titanium?.value) || 0) * pay.titanium_value + (Number(inputs.heat?.value) || 0);
    left.textContent = `${Math.max(0, pay.cost - used)} M€`;
  };
  const parts = [];
  for (const [kind, allowed, most] of [["steel", pay.steel_value > 0, pay.max_steel], ["titanium", pay.titanium_value > 0, pay.max_titanium], ["heat", pay.heat, pay.max_heat]]) {
    if (!allowed || !most) continue;
    inputs[kind] = h("input", { type: "number", min: 0, max: most, value: pay.suggested?.[kind] || 0, name: `pay-${kind}`, oninput: update });
    parts.push(h("label", {}, t(`res.${kind}`), " ", inputs[kind]), " ");
  }
  update();
  return {
    // Nothing to choose (M€ only): the price is already on the button.
    el: parts.length ? h("span", { class: "pay" }, parts, left) : null,
    value: () => Object.fromEntries(Object.entries(inputs).map(([k, el]) => [k, Number(el.value) || 0])),
  };
}

// A cards decision's purpose: counted ("Keep 1 to 4 cards") in the plural form of the most
// cards it takes, where the dictionary has the forms.
function purposeText(c) {
  const key = `purpose.${c.purpose}`;
  const params = { min: c.min, cost: c.cost_each };
  return t(`${key}.other`) !== `${key}.other` ? tn(key, c.max, params) : t(key, params);
}

const CARD_COST = 3; // M€ per project card bought at setup (the rules' price)

function button(label, answer, send, attrs = {}) {
  return h("button", { ...attrs, onclick: () => send(answer()) }, label);
}

// A milestone's or award's name in the page's language (the board's own title, then the id,
// when the card words have none).
function titleOf(board, kind, id) {
  const list = kind === "milestone" ? board?.milestones : board?.awards;
  const title = (list || []).find((x) => x.id === id || x.name === id)?.title;
  return (kind === "milestone" ? milestoneName : awardName)(id, title);
}

function actionControls(action, catalogue, send, board) {
  const out = [];
  const playable = (action.play || []);
  if (playable.length) {
    out.push(h("h3", {}, t("decision.play_card")), h("div", { class: "cards", id: "playable" }, playable.map((p) => {
      const pay = payControl(p.pay);
      return cardTile(p.card, catalogue, { class: "playable", children: h("div", {}, pay.el,
        button(t("decision.play"), () => ({ play_card: { card: p.card.number, payment: pay.value() } }), send, { "data-answer": "play_card" })) });
    })));
  }
  if (action.standard_projects?.length) {
    out.push(h("h3", {}, t("decision.standard_projects")), h("div", { id: "projects" }, action.standard_projects.map((sp) => {
      const pay = payControl(sp.pay);
      return h("span", {}, button(`${t(`project.${sp.project}`)} (${sp.pay?.cost ?? 0} M€)`,
        () => ({ standard_project: { project: sp.project, payment: pay.value() } }), send, { "data-answer": "standard_project", "data-project": sp.project }), pay.el);
    })));
  }
  for (const [kind, list] of [["milestone", action.milestones], ["award", action.awards]]) {
    if (!list?.length) continue;
    out.push(h("div", {}, `${t(`decision.${kind}`)}: `, list.map((m) => button(`${titleOf(board, kind, m.name)} (${m.pay?.cost} M€)`,
      () => ({ [kind]: { name: m.name, payment: {} } }), send, { "data-answer": kind }))));
  }
  for (const option of action.card_actions || []) {
    // A corporation's first action is no action of the card's: its own words.
    const hasActions = Boolean(catalogue.get(option.card.number)?.actions?.length);
    out.push(h("div", {}, `${cardName(option.card.number, option.card.name)}: `, option.choices.map((c) => {
      const pay = payControl(c.pay);
      const label = hasActions ? actionLabel(option.card.number, c.index, c.label) : t("decision.first_action");
      return h("span", {}, button(label, () => ({ card_action: { card: option.card.number, choice: c.index, payment: pay.value() } }), send, { "data-answer": "card_action" }), pay.el);
    })));
  }
  for (const trade of action.trades || []) {
    out.push(button(`${t("decision.trade")} ${colonyName(trade.tile, trade.tile)} (${trade.amount} ${t(`fee.${trade.fee}`)})`,
      () => ({ trade_with: { tile: trade.tile, fee: trade.fee } }), send, { "data-answer": "trade" }));
  }
  const simple = [];
  if (action.convert_plants) simple.push(button(t("decision.convert_plants"), () => ({ convert_plants: {} }), send, { "data-answer": "convert_plants" }));
  if (action.convert_heat) simple.push(button(t("decision.convert_heat"), () => ({ convert_heat: {} }), send, { "data-answer": "convert_heat" }));
  if (action.end_turn) simple.push(button(t("decision.end_turn"), () => ({ end_turn: {} }), send, { "data-answer": "end_turn" }));
  if (action.can_pass) simple.push(button(t("decision.pass"), () => ({ pass_turn: {} }), send, { "data-answer": "pass" }));
  out.push(h("div", {}, simple));
  return out;
}

// Cards to click on and off; `most()` is how many may be chosen now (it may change, e.g. with
// the corporation: a click past it does nothing).
// What the person has chosen in the pending decision (cards clicked, the corporation), kept
// across the page's redrawing: another seat's move redraws the page while this seat is still
// choosing, and must not undo its clicks. Kept by the choices offered; a new decision starts
// afresh.
const kept = { key: "", chosen: new Set(), corporation: undefined };

function keptFor(key, initial) {
  if (kept.key !== key) Object.assign(kept, { key, chosen: new Set(initial), corporation: undefined });
  return kept;
}

// A chosen tile is highlighted, and says so to a screen reader.
function showChosen(tile, chosen) {
  tile.classList.toggle("selected", chosen);
  tile.setAttribute("aria-pressed", String(chosen));
}

function cardChoice(cards, catalogue, min, most, onChange, key = "") {
  const chosen = keptFor(`${key}|${cards.map((c) => c.number).join()}`, cards.slice(0, min).map((c) => c.number)).chosen;
  const tiles = cards.map((c) => {
    const tile = pressable(cardTile(c, catalogue, { class: chosen.has(c.number) ? "selected" : "" }),
      cardName(c.number, c.name), chosen.has(c.number));
    tile.addEventListener("click", () => {
      if (chosen.has(c.number)) chosen.delete(c.number);
      else if (chosen.size < most()) chosen.add(c.number);
      showChosen(tile, chosen.has(c.number));
      onChange?.(chosen);
    });
    return tile;
  });
  // Drops the latest choices beyond `most()` (after it shrank).
  const trim = () => {
    for (const number of [...chosen].reverse()) {
      if (chosen.size <= most()) break;
      chosen.delete(number);
      const tile = tiles.find((x) => x.dataset.card === number);
      if (tile) showChosen(tile, false);
    }
    onChange?.(chosen);
  };
  return { el: h("div", { class: "cards choose" }, tiles), chosen, trim };
}

export function decisionPanel(state, send) {
  const { view, decision: reply, catalogue } = state;
  const d = reply.your_turn ? reply.decision : null;
  if (!d) {
    const waiting = (reply.waiting_for || []).map((seat) => seatName(view, seat)).join(", ");
    return h("section", { id: "decision", "data-kind": "none" }, view.status === "GAME_STATUS_ACTIVE" ? t("decision.waiting", { names: waiting }) : t(`status.${view.status}`));
  }
  const body = [];
  const kind = d.kind;
  if (kind === "DECISION_KIND_ACTION") body.push(...actionControls(d.action, catalogue, send, state.board));
  if (kind === "DECISION_KIND_PLAY_CARD") body.push(...actionControls({ play: d.play_card.play }, catalogue, send, state.board));
  if (kind === "DECISION_KIND_SETUP") {
    // The corporation's starting M€ limits the cards bought: the engine tells how many
    // (max_cards) for each corporation; the cost so far is shown against it.
    const offers = new Map(d.setup.corporations.map((offer) => [offer.card.number, offer]));
    let corporation = d.setup.corporations[0]?.card.number;
    const most = () => Math.min(offers.get(corporation)?.max_cards ?? 0, d.setup.cards.length);
    const info = h("p", { id: "setup-cost" });
    const showCost = (chosen) => {
      info.textContent = tn("decision.setup_cost", most(), { chosen: chosen.size, cost: chosen.size * CARD_COST });
    };
    const cards = cardChoice(d.setup.cards, catalogue, 0, most, showCost, [...offers.keys()].join());
    corporation = kept.corporation ?? corporation; // the one clicked before a redraw
    showCost(cards.chosen);
    body.push(h("h3", {}, t("decision.corporation")), h("div", { class: "cards", id: "corporations" }, d.setup.corporations.map((offer) => {
      const tile = pressable(cardTile(offer.card, catalogue, { class: offer.card.number === corporation ? "selected corporation" : "corporation",
        // Never more than the cards offered, as the choice itself is capped (most()).
        children: h("div", { class: "muted" }, tn("decision.max_cards", Math.min(offer.max_cards ?? 0, d.setup.cards.length))) }),
      cardName(offer.card.number, offer.card.name), offer.card.number === corporation);
      tile.addEventListener("click", () => {
        corporation = offer.card.number;
        kept.corporation = corporation;
        for (const x of tile.parentNode.children) showChosen(x, x === tile);
        cards.trim();
      });
      return tile;
    })), h("h3", {}, t("decision.buy_cards")), cards.el, info,
    h("div", {}, button(t("decision.confirm"), () => ({ setup: { corporation, cards: [...cards.chosen] } }), send, { "data-answer": "confirm" })));
  }
  if (kind === "DECISION_KIND_CARDS") {
    // "Up to" never more than the cards offered.
    const c = { ...d.cards, max: Math.min(d.cards.max, d.cards.cards.length) };
    const cost = h("p", { id: "cards-cost" });
    const showCost = (chosen) => { cost.textContent = c.cost_each ? tn("decision.cards_cost", c.max, { chosen: chosen.size, cost: chosen.size * c.cost_each }) : ""; };
    const cards = cardChoice(c.cards, catalogue, c.min, () => c.max, showCost);
    showCost(cards.chosen);
    body.push(h("p", {}, purposeText(c)), cards.el, cost,
      button(t("decision.confirm"), () => ({ cards: { cards: [...cards.chosen] } }), send, { "data-answer": "confirm" }));
  }
  if (kind === "DECISION_KIND_SPACE") body.push(h("p", { class: "hint" }, t("decision.pick_space", { tile: t(`tile.${d.space.tile}`) })));
  if (kind === "DECISION_KIND_PLAYER") {
    body.push(h("div", {}, d.player.targets.map((target) => button(
      target.seat !== undefined ? seatName(view, target.seat) : target.neutral ? t("decision.neutral") : t("decision.nobody"),
      () => ({ player: target }), send, { "data-answer": "player" }))));
  }
  if (kind === "DECISION_KIND_OPTION") {
    body.push(h("div", {}, d.option.options.map((o) => button(optionLabel(o), () => ({ option: o.index }), send, { "data-answer": "option", disabled: !o.enabled }))));
  }
  if (kind === "DECISION_KIND_AMOUNT") {
    const amount = h("input", { type: "number", name: "amount", min: d.amount.min, max: d.amount.max, value: d.amount.max });
    body.push(h("div", {}, h("label", {}, `${t("decision.amount")} (${d.amount.min}–${d.amount.max}) `, amount),
      button(t("decision.confirm"), () => ({ amount: Number(amount.value) }), send, { "data-answer": "confirm" })));
  }
  if (kind === "DECISION_KIND_FINAL_GREENERY") {
    body.push(h("div", {}, d.final_greenery.convert_plants ? button(t("decision.convert_plants"), () => ({ convert_plants: {} }), send, { "data-answer": "convert_plants" }) : null,
      d.final_greenery.can_pass ? button(t("decision.stop"), () => ({ pass_turn: {} }), send, { "data-answer": "pass" }) : null));
  }
  const text = h("input", { name: "text-answer", placeholder: t("decision.text_placeholder"), size: 24 });
  return h("section", { id: "decision", class: "decision", "data-kind": kind },
    h("h2", {}, t(`kind.${kind}`), d.source ? ` — ${cardName(d.source.number, d.source.name)}` : ""), h("p", { class: "muted prompt" }, promptText(d)), body,
    h("details", {}, h("summary", {}, t("decision.text")), text, button(t("decision.send"), () => ({ text: text.value }), send, { "data-answer": "text" })));
}

// What a seat (or the table's host) may do at any time: undo, only when the game service says
// this seat can take answers back now (also when it is not its turn); resign; abort (the
// browser that created the table). Resigning and aborting ask first.
export function tableControls(state, send, act) {
  const { view, decision: reply, host } = state;
  if (view.status !== "GAME_STATUS_ACTIVE") return null;
  const seated = view.viewer !== undefined;
  const undoable = seated ? Number(reply.undoable || 0) : 0;
  const ask = (question, then) => () => { if (window.confirm(question)) then(); };
  if (undoable <= 0 && !seated && !host) return null; // a spectator: nothing to offer
  return h("section", { id: "table-controls" },
    undoable > 0 ? button(t("decision.undo", { n: undoable }), () => ({ undo: 1 }), send, { id: "undo", "data-answer": "undo" }) : null,
    seated ? h("button", { id: "resign", onclick: ask(t("resign.confirm"), () => act("resign", {})) }, t("resign")) : null,
    host ? h("button", { id: "abort", onclick: ask(t("abort.confirm"), () => act("abort", { reason: "" })) }, t("abort")) : null);
}
