# A whole Olympus bot in Ruby: one WatchAccount stream, one SubmitAction per answer (README).
$LOAD_PATH.unshift(File.join(__dir__, "gen"))
%w[grpc json securerandom].each { require _1 }
%w[game_services_pb matchmaking_services_pb].each { require "olympus/v1/#{_1}" }
V1 = Olympus::V1
TERRAFORM = %i[STANDARD_PROJECT_AQUIFER STANDARD_PROJECT_GREENERY STANDARD_PROJECT_ASTEROID].freeze
def pay(pm) = pm.to_h.filter_map { |kind, n| " #{kind[0]}#{n}" if n.positive? }.join # " s2 t1"

# The simplest legal answer in the text notation (game.proto); terraforms when it can.
def answer_for(d)
  case d.options
  when :setup then "setup #{d.setup.corporations[0].card.number} -"
  when :cards
    "cards #{d.cards.cards.first(d.cards.min).map(&:number).join(",").sub(/^$/, "-")}"
  when :space then "space #{d.space.spaces[0]}"
  when :player then "player #{(t = d.player.targets[0]).target == :seat ? t.seat : t.target}"
  when :option then "option #{d.option.options.find(&:enabled).index}"
  when :amount then "amount #{d.amount.min}"
  when :final_greenery then d.final_greenery.convert_plants ? "plants" : "pass"
  when :play_card then "play #{(c = d.play_card.play[0]).card.number}#{pay(c.pay&.suggested)}"
  when :action
    a = d.action
    return "action #{a.card_actions[0].card.number}" unless a.can_pass # a first action owed
    return a.convert_plants ? "plants" : "heat" if a.convert_plants || a.convert_heat
    c = a.standard_projects.find { TERRAFORM.include?(_1.project) } or return "pass"
    "project #{c.project.to_s.delete_prefix("STANDARD_PROJECT_").downcase}#{pay(c.pay&.suggested)}"
  else "pass"
  end
end

mm_address, game_address, key, count = ARGV
auth = { metadata: { "authorization" => "Bearer #{key}" } }
queue = V1::MatchmakingService::Stub.new(mm_address, :this_channel_is_insecure)
games = V1::GameService::Stub.new(game_address, :this_channel_is_insecure)
enqueue = -> { queue.enqueue(V1::EnqueueRequest.new(format: { players: 2 }), **auth) }
answered_at = Hash.new(0) # per game: decisions at or below it are spent
$stdout.sync = true
enqueue.call
games.watch_account(V1::WatchAccountRequest.new, **auth).each do |event|
  g = event.game
  if event.kind == :ACCOUNT_EVENT_KIND_GAME_FINISHED
    puts({ game_id: g.game_id, seat: g.seat }.to_json)
    exit 0 if (count = count.to_i - 1).zero?
    enqueue.call
  end
  state = event.kind == :ACCOUNT_EVENT_KIND_YOUR_TURN ? event.decision : nil
  while state&.your_turn && state.version > answered_at[g.game_id]
    answer = V1::SubmitActionRequest.new(game_id: g.game_id, token: g.seat_token, expected_version:
      state.version, idempotency_key: SecureRandom.uuid, text: answer_for(state.decision))
    begin
      reply = games.submit_action(answer, **auth)
    rescue GRPC::Aborted
      break # stale: the stream brings the newer decision
    end
    answered_at[g.game_id] = reply.version - 1
    state = reply.next_decision
  end
end
abort "the account stream ended"
