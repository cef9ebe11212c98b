// A whole Olympus bot in C++: one WatchAccount stream, one SubmitAction per answer (README).
#include <iostream>
#include <map>

#include "olympus/client.h"
using namespace olympus::pb;
using std::string, std::to_string;

// The simplest legal answer in the text notation (game.proto); terraforms when it can.
string AnswerFor(const Decision& d) {
  const std::map<int, string> terraform = {{STANDARD_PROJECT_AQUIFER, "aquifer"},
      {STANDARD_PROJECT_GREENERY, "greenery"}, {STANDARD_PROJECT_ASTEROID, "asteroid"}};
  string list, pass = "pass";
  switch (d.options_case()) {
    case Decision::kSetup: return "setup " + d.setup().corporations(0).card().number() + " -";
    case Decision::kCards:
      for (int i = 0; i < d.cards().min(); ++i)
        list += (i ? "," : "") + d.cards().cards(i).number();
      return "cards " + (list.empty() ? "-" : list);
    case Decision::kSpace: return "space " + to_string(d.space().spaces(0));
    case Decision::kPlayer: {
      const PlayerTarget& t = d.player().targets(0);
      return "player " + (t.has_seat() ? to_string(t.seat()) : t.neutral() ? "neutral" : "none");
    }
    case Decision::kOption:
      for (const auto& o : d.option().options())
        if (o.enabled()) return "option " + to_string(o.index());
      return pass;
    case Decision::kAmount: return "amount " + to_string(d.amount().min());
    case Decision::kFinalGreenery: return d.final_greenery().convert_plants() ? "plants" : pass;
    case Decision::kPlayCard: return "play " + d.play_card().play(0).card().number() +
                                     olympus::PaymentText(d.play_card().play(0).pay().suggested());
    case Decision::kAction: {
      const ActionOptions& a = d.action();
      if (!a.can_pass()) return "action " + a.card_actions(0).card().number();  // owed first
      if (a.convert_plants() || a.convert_heat()) return a.convert_plants() ? "plants" : "heat";
      for (const auto& c : a.standard_projects())
        if (terraform.count(c.project()))
          return "project " + terraform.at(c.project()) + olympus::PaymentText(c.pay().suggested());
      return pass;
    }
    default: return pass;
  }
}

int main(int argc, char** argv) {  // olympus_bot MATCHMAKING GAMESTATE KEY GAMES
  if (argc != 5) return 2;
  auto queue = olympus::Connect<MatchmakingService>(argv[1]);
  auto games = olympus::Connect<GameService>(argv[2]);
  const olympus::Key key(argv[3]);
  EnqueueRequest enqueue;
  EnqueueResponse ticket;
  enqueue.mutable_format()->set_players(2);
  std::map<string, long long> answered_at;  // per game: decisions at or below it are spent
  int finished = 0;
  auto watch = key.Context();
  auto stream = games->WatchAccount(watch.get(), {});
  for (AccountEvent event; queue->Enqueue(key.Context(10).get(), enqueue, &ticket).ok();) {
    while (stream->Read(&event) && event.kind() != ACCOUNT_EVENT_KIND_GAME_FINISHED) {
      const MyGame& g = event.game();
      for (auto state = event.decision();  // set for YOUR_TURN only
           state.your_turn() && state.version() > answered_at[g.game_id()];) {
        auto answer = olympus::TextAnswer(
            g.game_id(), g.seat_token(), state.version(), AnswerFor(state.decision()));
        SubmitActionResponse reply;
        grpc::Status s = games->SubmitAction(key.Context(10).get(), answer, &reply);
        if (s.error_code() == grpc::StatusCode::ABORTED) break;  // stale: a newer one comes
        if (!s.ok()) return std::cerr << olympus::Reason(s) << ": " << s.error_message() << "\n", 1;
        answered_at[g.game_id()] = reply.version() - 1;
        state = reply.next_decision();
      }
    }
    if (event.kind() != ACCOUNT_EVENT_KIND_GAME_FINISHED) break;  // the stream ended
    std::cout << "{\"game_id\": \"" << event.game().game_id() << "\", \"seat\": "
              << event.game().seat() << "}" << std::endl;
    if (++finished == std::stoi(argv[4])) return 0;
  }
  return std::cerr << "the account stream ended: " << stream->Finish().error_message() << "\n", 1;
}
