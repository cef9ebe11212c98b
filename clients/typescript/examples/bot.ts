// A whole Olympus bot: one account stream for all its games, one SubmitAction per answer.
// node dist/examples/bot.js MATCHMAKING GAMESTATE KEY GAMES  (prints a JSON line per game)
import { create } from "@bufbuild/protobuf";
import { randomUUID } from "node:crypto";
import { Code, gameService, matchmakingService, refusal, game, matchmaking } from "../src/index.js";
import { answerFor } from "./answer.js";

const [mmAddress, gameAddress, key, count] = process.argv.slice(2);
const games = gameService(gameAddress, { key });
const queue = matchmakingService(mmAddress, { key });
const enqueue = () =>
  queue.enqueue({ format: create(matchmaking.MatchFormatSchema, { players: 2 }) });

const answeredAt = new Map<string, bigint>(); // per game: decisions at or below are spent
const answers = new Map<string, number>();
let finished = 0;
await enqueue();
for await (const event of games.watchAccount({})) {
  const g = event.game;
  if (event.kind === game.AccountEventKind.GAME_FINISHED && g) {
    const row = { game_id: g.gameId, seat: g.seat, answers: answers.get(g.gameId) ?? 0 };
    console.log(JSON.stringify(row));
    if (++finished === Number(count)) break;
    await enqueue();
  }
  if (event.kind !== game.AccountEventKind.YOUR_TURN || !g) continue;
  let state: game.GetDecisionResponse | undefined = event.decision;
  while (state?.yourTurn && state.version > (answeredAt.get(g.gameId) ?? 0n)) {
    try {
      const reply = await games.submitAction({
        gameId: g.gameId,
        token: g.seatToken,
        expectedVersion: state.version,
        idempotencyKey: randomUUID(),
        answer: { case: "text", value: answerFor(state.decision!) },
      });
      answers.set(g.gameId, (answers.get(g.gameId) ?? 0) + 1);
      answeredAt.set(g.gameId, reply.version - 1n);
      state = reply.nextDecision;
    } catch (err) {
      const r = refusal(err);
      if (r.code !== Code.Aborted) throw new Error(`${r.reason}: ${err}`);
      break; // stale: the stream brings the newer decision
    }
  }
}
process.exit(0);
