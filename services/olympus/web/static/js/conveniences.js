// The table's conveniences: the person's preferences (kept by the browser), a confirm step
// before costly moves, and "advanced pass" (pass by itself at the seat's next turn).
import { h } from "./dom.js";
import { t } from "./i18n.js";

// --- preferences (localStorage: the page redraws at every move and on reload) -------------

const PREFS = { live_score: "1", confirm: "1", confirm_at: "20" };
const prefKey = (name) => `olympus.pref.${name}`;

export function pref(name) {
  return localStorage.getItem(prefKey(name)) ?? PREFS[name];
}

function setPref(name, value) {
  localStorage.setItem(prefKey(name), String(value));
}

// The price from which a move is costly (M€), at least 1 whatever was typed.
const threshold = () => Math.max(1, Number(pref("confirm_at")) || Number(PREFS.confirm_at));

export function preferencesPanel(redraw) {
  const check = (name, label) => h("label", {},
    h("input", { type: "checkbox", name: `pref-${name}`, checked: pref(name) === "1",
      onchange: (e) => { setPref(name, e.target.checked ? "1" : "0"); redraw(); } }), " ", label);
  const at = h("input", { type: "number", name: "pref-confirm_at", min: 1, max: 200, value: threshold(), size: 4,
    onchange: (e) => setPref("confirm_at", Math.max(1, Number(e.target.value) || Number(PREFS.confirm_at))) });
  // Open by default only once changed: a closed box takes one line.
  return h("details", { id: "prefs" }, h("summary", {}, t("prefs")),
    h("div", {}, check("live_score", t("prefs.live_score"))),
    h("div", {}, check("confirm", t("prefs.confirm")), " ", h("label", {}, `${t("prefs.confirm_at")} `, at)));
}

// --- the confirm step ------------------------------------------------------------------------

// Whether a pass leaves something the seat could still do: any move but selling patents
// (always offered while the hand has cards, and no reason to stop a pass).
function actionsRemain(action) {
  const projects = (action.standard_projects || []).filter((p) => p.project !== "STANDARD_PROJECT_SELL_PATENTS");
  return Boolean(action.play?.length || projects.length || action.card_actions?.length || action.milestones?.length
    || action.awards?.length || action.trades?.length || action.convert_plants || action.convert_heat);
}

// The move's price in M€ and its name, looked up in the decision's own offers (null: free).
function priceOf(answer, action, names) {
  const find = (list, test) => (list || []).find(test);
  if (answer.play_card) {
    const offer = find(action.play, (p) => p.card.number === answer.play_card.card);
    return offer && { cost: offer.pay?.cost ?? 0, what: names.card(offer.card) };
  }
  if (answer.standard_project) {
    const offer = find(action.standard_projects, (p) => p.project === answer.standard_project.project);
    return offer && { cost: offer.pay?.cost ?? 0, what: t(`project.${offer.project}`) };
  }
  for (const kind of ["milestone", "award"]) {
    if (!answer[kind]) continue;
    const offer = find(action[`${kind}s`], (m) => m.name === answer[kind].name);
    return offer && { cost: offer.pay?.cost ?? 0, what: names[kind](offer.name) };
  }
  if (answer.card_action) {
    const offer = find(action.card_actions, (o) => o.card.number === answer.card_action.card);
    const choice = find(offer?.choices, (c) => c.index === answer.card_action.choice);
    return choice && { cost: choice.pay?.cost ?? 0, what: names.card(offer.card) };
  }
  return null;
}

// The question to ask before sending `answer`, or "" when it goes at once: a move costing the
// threshold or more, or a pass while something else could be done (action decisions only).
export function confirmQuestion(answer, decision, names) {
  if (pref("confirm") !== "1" || decision?.kind !== "DECISION_KIND_ACTION") return "";
  const action = decision.action || {};
  if (answer.pass_turn) return actionsRemain(action) ? t("confirm.pass") : "";
  const price = priceOf(answer, action, names);
  return price && price.cost >= threshold() ? t("confirm.spend", { n: price.cost, what: price.what }) : "";
}

// A modal dialog (the browser's own <dialog>: focus kept inside, Escape declines); resolves
// true when the person goes on.
export function askConfirm(question) {
  return new Promise((resolve) => {
    const no = h("button", { id: "confirm-no", value: "no" }, t("confirm.no"));
    const yes = h("button", { id: "confirm-yes", value: "yes" }, t("confirm.yes"));
    const dialog = h("dialog", { id: "confirm", "aria-labelledby": "confirm-title", "aria-describedby": "confirm-text" },
      h("form", { method: "dialog" }, h("h2", { id: "confirm-title" }, t("confirm.title")),
        h("p", { id: "confirm-text" }, question), h("div", {}, no, " ", yes)));
    dialog.addEventListener("close", () => { dialog.remove(); resolve(dialog.returnValue === "yes"); });
    document.body.append(dialog);
    dialog.showModal();
    no.focus(); // the safe answer is the default one
  });
}

// --- advanced pass ---------------------------------------------------------------------------

// Said for one game and one generation (sessionStorage: this tab only); a new generation
// forgets it, so that it never passes a later generation's turn.
const passKey = (gameId) => `olympus.advance_pass.${gameId}`;

export function advancePass(gameId, generation) {
  const said = Number(sessionStorage.getItem(passKey(gameId)));
  return said > 0 && said === Number(generation);
}

function setAdvancePass(gameId, generation) {
  if (generation) sessionStorage.setItem(passKey(gameId), String(generation));
  else sessionStorage.removeItem(passKey(gameId));
}

// Whether the page should pass now, by itself: it was said for this generation, and the seat's
// action decision offers the pass. Forgets it (a redraw must not pass twice).
export function passNow(gameId, view, decision) {
  if (!advancePass(gameId, view.generation)) return false;
  if (decision?.kind !== "DECISION_KIND_ACTION" || !decision.action?.can_pass) return false;
  setAdvancePass(gameId, 0);
  return true;
}

// The control: offered to a seat of an active game while it waits in the action phase;
// once set, it says so and can be cancelled until the turn comes.
export function advancePassPanel(gameId, view, reply, redraw) {
  const seated = view.viewer !== undefined;
  const me = (view.players || []).find((p) => p.seat === view.viewer);
  if (!seated || view.status !== "GAME_STATUS_ACTIVE" || view.phase !== "PHASE_ACTION" || me?.passed) return null;
  if (advancePass(gameId, view.generation)) {
    return h("section", { id: "advance-pass", class: "set" }, h("p", { role: "status" }, t("advance_pass.set")),
      h("button", { id: "advance-pass-cancel", onclick: () => { setAdvancePass(gameId, 0); redraw(); } }, t("advance_pass.cancel")));
  }
  if (reply.your_turn) return null; // on its own turn the seat passes with the pass button
  return h("section", { id: "advance-pass" },
    h("button", { id: "advance-pass-set", onclick: () => { setAdvancePass(gameId, view.generation); redraw(); } }, t("advance_pass")));
}
