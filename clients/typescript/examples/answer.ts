// The simplest legal answer to any decision, in the text notation (game.proto's grammar):
// what the example bot plays. It terraforms when it can, so a game against a passing bot ends.
import type { Decision, Payment } from "../src/gen/olympus/v1/game_pb.js";
import { StandardProject } from "../src/gen/olympus/v1/game_pb.js";

const TERRAFORMING: [StandardProject, string][] = [
  [StandardProject.AQUIFER, "aquifer"],
  [StandardProject.GREENERY, "greenery"],
  [StandardProject.ASTEROID, "asteroid"],
];

export function paymentText(p: Payment | undefined): string {
  if (!p) return "";
  const parts: [string, number][] = [["s", p.steel], ["t", p.titanium], ["h", p.heat]];
  return parts.filter(([, n]) => n > 0).map(([l, n]) => ` ${l}${n}`).join("");
}

export function answerFor(d: Decision): string {
  const o = d.options;
  switch (o.case) {
    case "setup":
      return `setup ${o.value.corporations[0].card!.number} -`;
    case "cards":
      return "cards " + (o.value.cards.slice(0, o.value.min).map((c) => c.number).join(",") || "-");
    case "space":
      return `space ${o.value.spaces[0]}`;
    case "player": {
      const t = o.value.targets[0].target;
      return t.case === "seat" ? `player ${t.value}` : `player ${t.case}`;
    }
    case "option":
      return `option ${o.value.options.find((x) => x.enabled)!.index}`;
    case "amount":
      return `amount ${o.value.min}`;
    case "finalGreenery":
      return o.value.convertPlants ? "plants" : "pass";
    case "playCard": {
      const first = o.value.play[0];
      return `play ${first.card!.number}${paymentText(first.pay?.suggested)}`;
    }
    case "action": {
      const a = o.value;
      if (!a.canPass) return `action ${a.cardActions[0].card!.number}`; // a first action owed
      if (a.convertPlants) return "plants";
      if (a.convertHeat) return "heat";
      for (const [project, word] of TERRAFORMING) {
        const choice = a.standardProjects.find((c) => c.project === project);
        if (choice) return `project ${word}${paymentText(choice.pay?.suggested)}`;
      }
      return "pass";
    }
    default:
      return "pass";
  }
}
