"""The CardCatalogueService gRPC servicer: protobuf in and out, the query module does the work."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import grpc

from olympus.platform.config import ServiceSettings
from olympus.platform.errors import InvalidArgument, NotFound
from olympus.platform.server import ServiceHooks, rpc
from olympus.v1 import catalogue_pb2, catalogue_pb2_grpc

from .convert import card_to_proto, query_from_request
from .query import CardNotFound, Catalogue, InvalidQuery

SERVICE_NAME: str = catalogue_pb2.DESCRIPTOR.services_by_name["CardCatalogueService"].full_name


@contextmanager
def _as_service_errors() -> Iterator[None]:
    """The query module's errors as the platform's, which `@rpc` turns into statuses."""
    try:
        yield
    except InvalidQuery as exc:
        raise InvalidArgument(str(exc), reason="INVALID_QUERY") from exc
    except CardNotFound as exc:
        raise NotFound(str(exc), reason="CARD_NOT_FOUND") from exc


class CardCatalogueService(catalogue_pb2_grpc.CardCatalogueServiceServicer):
    def __init__(self, cards: Catalogue) -> None:
        self._cards = cards

    @rpc
    async def ListCards(
        self, request: catalogue_pb2.ListCardsRequest, context: grpc.aio.ServicerContext
    ) -> catalogue_pb2.ListCardsResponse:
        with _as_service_errors():
            page = self._cards.page(
                query_from_request(request), request.page_size, request.page_token
            )
        return catalogue_pb2.ListCardsResponse(
            cards=[card_to_proto(c) for c in page.cards],
            next_page_token=page.next_page_token,
            total_count=page.total_count,
        )

    @rpc
    async def GetCard(
        self, request: catalogue_pb2.GetCardRequest, context: grpc.aio.ServicerContext
    ) -> catalogue_pb2.GetCardResponse:
        key = request.WhichOneof("key")
        with _as_service_errors():
            if key == "number":
                card = self._cards.get(number=request.number)
            elif key == "name":
                card = self._cards.get(name=request.name)
            else:
                card = self._cards.get()  # neither: the query module says what is missing
        return catalogue_pb2.GetCardResponse(card=card_to_proto(card))


async def setup(server: grpc.aio.Server, settings: ServiceSettings) -> ServiceHooks:
    # The catalogue is the engine's static card data: no Redis, so `settings.redis_url` is
    # accepted like every service's but never used, and the service starts without a Redis.
    # The generated *_pb2_grpc module comes without type stubs.
    catalogue_pb2_grpc.add_CardCatalogueServiceServicer_to_server(  # type: ignore[no-untyped-call]
        CardCatalogueService(Catalogue.from_engine()), server
    )
    return ServiceHooks(names=[SERVICE_NAME])  # no dependency to probe: always SERVING
