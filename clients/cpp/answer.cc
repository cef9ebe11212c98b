// Terraforms when it can, so that a game against a bot that only passes still ends.
#include "answer.h"

namespace pb = olympus::v1;

static std::string PaymentText(const pb::Payment& p) {
  std::string out;
  if (p.steel()) out += " s" + std::to_string(p.steel());
  if (p.titanium()) out += " t" + std::to_string(p.titanium());
  if (p.heat()) out += " h" + std::to_string(p.heat());
  return out;
}

std::string AnswerFor(const pb::Decision& d) {
  switch (d.options_case()) {
    case pb::Decision::kSetup:
      return "setup " + d.setup().corporations(0).card().number() + " -";
    case pb::Decision::kCards: {
      std::string list;
      for (int i = 0; i < d.cards().min(); ++i)
        list += (i ? "," : "") + d.cards().cards(i).number();
      return "cards " + (list.empty() ? "-" : list);
    }
    case pb::Decision::kSpace:
      return "space " + std::to_string(d.space().spaces(0));
    case pb::Decision::kPlayer: {
      const auto& t = d.player().targets(0);
      if (t.has_seat()) return "player " + std::to_string(t.seat());
      return t.has_neutral() ? "player neutral" : "player none";
    }
    case pb::Decision::kOption:
      for (const auto& o : d.option().options())
        if (o.enabled()) return "option " + std::to_string(o.index());
      break;
    case pb::Decision::kAmount:
      return "amount " + std::to_string(d.amount().min());
    case pb::Decision::kFinalGreenery:
      return d.final_greenery().convert_plants() ? "plants" : "pass";
    case pb::Decision::kPlayCard: {
      const auto& first = d.play_card().play(0);
      return "play " + first.card().number() + PaymentText(first.pay().suggested());
    }
    case pb::Decision::kAction: {
      const auto& a = d.action();
      if (!a.can_pass()) return "action " + a.card_actions(0).card().number();  // owed
      if (a.convert_plants()) return "plants";
      if (a.convert_heat()) return "heat";
      const std::pair<pb::StandardProject, const char*> terraforming[] = {
          {pb::STANDARD_PROJECT_AQUIFER, "aquifer"},
          {pb::STANDARD_PROJECT_GREENERY, "greenery"},
          {pb::STANDARD_PROJECT_ASTEROID, "asteroid"}};
      for (const auto& [project, word] : terraforming)
        for (const auto& c : a.standard_projects())
          if (c.project() == project)
            return std::string("project ") + word + PaymentText(c.pay().suggested());
      break;
    }
    default:
      break;
  }
  return "pass";
}
