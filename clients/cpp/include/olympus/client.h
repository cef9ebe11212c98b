// The Olympus C++ client: the stubs generated from protos/ (protoc, grpc_cpp_plugin) and the few
// things every call needs: a stub on an address, a context carrying the API key and a deadline,
// the text of a payment, and the reason code of a refusal.
#pragma once
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <memory>
#include <random>
#include <string>

#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "olympus/v1/game.grpc.pb.h"
#include "olympus/v1/matchmaking.grpc.pb.h"

namespace olympus {
namespace pb = ::olympus::v1;

// A stub of any Olympus service (pb::GameService, pb::MatchmakingService...) on "host:port",
// in plaintext unless other credentials are given.
template <class Service>
std::unique_ptr<typename Service::Stub> Connect(
    const std::string& address,
    std::shared_ptr<grpc::ChannelCredentials> credentials = grpc::InsecureChannelCredentials()) {
  return Service::NewStub(grpc::CreateChannel(address, credentials));
}

// An API key: each call's context carries it (authorization: Bearer <key>). A context is for
// one call; seconds > 0 sets its deadline (streams: leave it 0).
class Key {
 public:
  explicit Key(std::string key) : bearer_("Bearer " + std::move(key)) {}
  std::unique_ptr<grpc::ClientContext> Context(int seconds = 0) const {
    auto context = std::make_unique<grpc::ClientContext>();
    context->AddMetadata("authorization", bearer_);
    if (seconds > 0)
      context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(seconds));
    return context;
  }

 private:
  std::string bearer_;
};

// A payment in the text notation's form: " s2 t1 h3" (only the resources paid with; M€ is the
// rest of the price), "" for M€ only.
inline std::string PaymentText(const pb::Payment& p) {
  std::string out;
  if (p.steel()) out += " s" + std::to_string(p.steel());
  if (p.titanium()) out += " t" + std::to_string(p.titanium());
  if (p.heat()) out += " h" + std::to_string(p.heat());
  return out;
}

// A SubmitAction answering the decision at `version` of the seat `token` plays, in the text
// notation, under a fresh idempotency key (send the same request again to retry it).
inline pb::SubmitActionRequest TextAnswer(const std::string& game_id, const std::string& token,
                                          long long version, const std::string& text) {
  static std::mt19937_64 random{std::random_device{}()};
  pb::SubmitActionRequest request;
  request.set_game_id(game_id);
  request.set_token(token);
  request.set_expected_version(version);
  request.set_idempotency_key(std::to_string(random()) + std::to_string(random()));
  request.set_text(text);
  return request;
}

// The stable reason code of a refusal (errors.proto: the google.rpc.ErrorInfo among the
// status details), "" when it carries none.
inline std::string Reason(const grpc::Status& status) {
  google::rpc::Status details;
  if (!details.ParseFromString(status.error_details())) return "";
  for (const auto& any : details.details()) {
    google::rpc::ErrorInfo info;
    if (any.UnpackTo(&info)) return info.reason();
  }
  return "";
}

}  // namespace olympus
