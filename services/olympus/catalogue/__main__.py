"""`python -m olympus.catalogue --port P --redis-url URL`: serve the card catalogue over gRPC."""

from __future__ import annotations

from collections.abc import Sequence

from olympus.platform.config import parse
from olympus.platform.server import main

from .service import setup


def run(argv: Sequence[str] | None = None) -> None:
    settings = parse(
        "catalogue",
        argv,
        description="The Olympus card catalogue service (CardCatalogueService, gRPC).",
    )
    main(settings, setup)


if __name__ == "__main__":
    run()
