// An Olympus bot in C++: one WatchAccount stream for all its games, one SubmitAction per answer.
// olympus_bot MATCHMAKING GAMESTATE KEY GAMES  (prints a JSON line per finished game)
#include <grpcpp/grpcpp.h>

#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <string>

#include "answer.h"
#include "olympus/v1/game.grpc.pb.h"
#include "olympus/v1/matchmaking.grpc.pb.h"

namespace pb = olympus::v1;

int main(int argc, char** argv) {
  if (argc != 5) { std::cerr << "usage: olympus_bot MATCHMAKING GAMESTATE KEY GAMES\n"; return 2; }
  const std::string bearer = std::string("Bearer ") + argv[3];
  const int wanted = std::stoi(argv[4]);
  auto creds = grpc::InsecureChannelCredentials();
  auto queue = pb::MatchmakingService::NewStub(grpc::CreateChannel(argv[1], creds));
  auto games = pb::GameService::NewStub(grpc::CreateChannel(argv[2], creds));
  auto keyed = [&](grpc::ClientContext& ctx) { ctx.AddMetadata("authorization", bearer); };
  auto enqueue = [&] {
    grpc::ClientContext ctx; keyed(ctx);
    pb::EnqueueRequest req; req.mutable_format()->set_players(2);
    pb::EnqueueResponse reply;
    grpc::Status s = queue->Enqueue(&ctx, req, &reply);
    if (!s.ok()) { std::cerr << "Enqueue: " << s.error_message() << "\n"; std::exit(1); }
  };
  std::mt19937_64 rng{std::random_device{}()};
  std::map<std::string, long long> answered_at;  // per game: decisions at or below are spent
  std::map<std::string, int> answers;
  int finished = 0;

  grpc::ClientContext stream_ctx; keyed(stream_ctx);
  auto stream = games->WatchAccount(&stream_ctx, pb::WatchAccountRequest());
  enqueue();
  pb::AccountEvent event;
  while (stream->Read(&event)) {
    const pb::MyGame& g = event.game();
    if (event.kind() == pb::ACCOUNT_EVENT_KIND_GAME_FINISHED) {
      std::cout << "{\"game_id\": \"" << g.game_id() << "\", \"seat\": " << g.seat()
                << ", \"answers\": " << answers[g.game_id()] << "}" << std::endl;
      if (++finished == wanted) { stream_ctx.TryCancel(); return 0; }
      enqueue();
    }
    if (event.kind() != pb::ACCOUNT_EVENT_KIND_YOUR_TURN) continue;
    pb::GetDecisionResponse state = event.decision();
    while (state.your_turn() && state.version() > answered_at[g.game_id()]) {
      grpc::ClientContext ctx; keyed(ctx);
      pb::SubmitActionRequest req;
      req.set_game_id(g.game_id());
      req.set_token(g.seat_token());
      req.set_expected_version(state.version());
      req.set_idempotency_key(std::to_string(rng()));
      req.set_text(AnswerFor(state.decision()));
      pb::SubmitActionResponse reply;
      grpc::Status s = games->SubmitAction(&ctx, req, &reply);
      if (s.error_code() == grpc::StatusCode::ABORTED) break;  // stale: a newer one is coming
      if (!s.ok()) { std::cerr << "SubmitAction: " << s.error_message() << "\n"; return 1; }
      answers[g.game_id()] += 1;
      answered_at[g.game_id()] = reply.version() - 1;
      state = reply.next_decision();
    }
  }
  grpc::Status end = stream->Finish();
  std::cerr << "the account stream ended: " << end.error_message() << "\n";
  return 1;
}
