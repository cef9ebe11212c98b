// A whole Olympus bot: one account stream, one SubmitAction per answer (see the README).
import { create } from "@bufbuild/protobuf";
import { randomUUID } from "node:crypto";
import { Code, gameService, matchmakingService, refusal, game, matchmaking } from "../src/index.js";

const P = game.StandardProject;
const TERRAFORM = new Map([P.AQUIFER, P.GREENERY, P.ASTEROID].map((p) => [p, P[p].toLowerCase()]));
const pay = (p?: game.Payment) =>
  [` s${p?.steel}`, ` t${p?.titanium}`, ` h${p?.heat}`].filter((x) => Number(x.slice(2))).join("");
// The simplest legal answer in the text notation (game.proto); terraforms when it can.
function answerFor({ options: o }: game.Decision): string {
  switch (o.case) {
    case "setup": return `setup ${o.value.corporations[0].card!.number} -`;
    case "cards":
      return `cards ${o.value.cards.slice(0, o.value.min).map((c) => c.number).join(",") || "-"}`;
    case "space": return `space ${o.value.spaces[0]}`;
    case "player":
      return `player ${((t) => (t.case === "seat" ? t.value : t.case))(o.value.targets[0].target)}`;
    case "option": return `option ${o.value.options.find((x) => x.enabled)!.index}`;
    case "amount": return `amount ${o.value.min}`;
    case "finalGreenery": return o.value.convertPlants ? "plants" : "pass";
    case "playCard":
      return `play ${o.value.play[0].card!.number}${pay(o.value.play[0].pay?.suggested)}`;
    case "action": {
      const a = o.value, p = a.standardProjects.find((c) => TERRAFORM.has(c.project));
      if (!a.canPass) return `action ${a.cardActions[0].card!.number}`; // a first action owed
      if (a.convertPlants || a.convertHeat) return a.convertPlants ? "plants" : "heat";
      return p ? `project ${TERRAFORM.get(p.project)}${pay(p.pay?.suggested)}` : "pass";
    }
    default: return "pass";
  }
}

const [mmAddress, gameAddress, key, count] = process.argv.slice(2);
const games = gameService(gameAddress, { key }), queue = matchmakingService(mmAddress, { key });
const format = create(matchmaking.MatchFormatSchema, { players: 2 });
const answeredAt = new Map<string, bigint>(); // per game: decisions at or below it are spent
let finished = 0;
await queue.enqueue({ format });
for await (const { kind, game: g, decision } of games.watchAccount({})) {
  if (kind === game.AccountEventKind.GAME_FINISHED && g) {
    console.log(JSON.stringify({ game_id: g.gameId, seat: g.seat }));
    if (++finished === Number(count)) process.exit(0);
    await queue.enqueue({ format });
  }
  let state = kind === game.AccountEventKind.YOUR_TURN ? decision : undefined;
  while (g && state?.yourTurn && state.version > (answeredAt.get(g.gameId) ?? 0n)) {
    const answer = { case: "text" as const, value: answerFor(state.decision!) };
    try {
      const reply = await games.submitAction({ gameId: g.gameId, token: g.seatToken, answer,
        expectedVersion: state.version, idempotencyKey: randomUUID() });
      answeredAt.set(g.gameId, reply.version - 1n);
      state = reply.nextDecision;
    } catch (err) {
      if (refusal(err).code !== Code.Aborted) throw new Error(`${refusal(err).reason}: ${err}`);
      break; // stale: the stream brings the newer decision
    }
  }
}
