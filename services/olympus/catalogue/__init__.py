"""The card catalogue: the engine's card definitions, filtered, paged and served.

`query` holds the logic (no gRPC), `convert` the protobuf/JSON edge, `service` the gRPC
servicer (`python -m olympus.catalogue`), `cli` the `olympus cards` command.
"""
