"""The wire vocabulary both ends share: enum <-> engine name tables, card references and the
structured answer mapping. The game service (engine -> protobuf) and the SDK (protobuf -> plain
data) both import from here, so neither depends on the other."""
