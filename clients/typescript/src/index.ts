// The Olympus services for TypeScript on Node.js: the messages and service descriptors are
// generated from protos/ (src/gen, by protoc-gen-es); this file only connects them over gRPC
// (Connect's gRPC transport, HTTP/2) with the caller's API key, and reads the error details
// every Olympus refusal carries (google.rpc.ErrorInfo and friends, errors.proto's reasons).

import type { DescService } from "@bufbuild/protobuf";
import { createClient, type Client, type Interceptor, ConnectError, Code } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";

import { AccountService } from "./gen/olympus/v1/accounts_pb.js";
import { CardCatalogueService } from "./gen/olympus/v1/catalogue_pb.js";
import { GameService } from "./gen/olympus/v1/game_pb.js";
import { LadderService } from "./gen/olympus/v1/ladder_pb.js";
import { MatchmakingService } from "./gen/olympus/v1/matchmaking_pb.js";
import { ScoringService } from "./gen/olympus/v1/scoring_pb.js";
import {
  BadRequestSchema,
  ErrorInfoSchema,
  QuotaFailureSchema,
  RetryInfoSchema,
} from "./gen/google/rpc/error_details_pb.js";

export * as game from "./gen/olympus/v1/game_pb.js";
export * as matchmaking from "./gen/olympus/v1/matchmaking_pb.js";
export * as accounts from "./gen/olympus/v1/accounts_pb.js";
export * as scoring from "./gen/olympus/v1/scoring_pb.js";
export * as catalogue from "./gen/olympus/v1/catalogue_pb.js";
export * as ladder from "./gen/olympus/v1/ladder_pb.js";
export * as board from "./gen/olympus/v1/board_pb.js";
export { ConnectError, Code };

export interface Options {
  /** An account's API key, sent as `authorization: Bearer <key>` on every call. */
  key?: string;
  /** Client keepalive pings; the services permit one every 10 s or more (default 30 s). */
  pingIntervalMs?: number;
}

function transport(address: string, options: Options) {
  const bearer: Interceptor = (next) => async (req) => {
    if (options.key) req.header.set("authorization", `Bearer ${options.key}`);
    return next(req);
  };
  return createGrpcTransport({
    baseUrl: address.includes("://") ? address : `http://${address}`,
    interceptors: [bearer],
    pingIntervalMs: options.pingIntervalMs ?? 30_000,
  });
}

/** A client of `service` at `address` ("127.0.0.1:7151"), e.g. `connect(GameService, ...)`. */
export function connect<T extends DescService>(
  service: T,
  address: string,
  options: Options = {},
): Client<T> {
  return createClient(service, transport(address, options));
}

export const gameService = (address: string, options?: Options) =>
  connect(GameService, address, options);
export const matchmakingService = (address: string, options?: Options) =>
  connect(MatchmakingService, address, options);

export {
  AccountService,
  CardCatalogueService,
  GameService,
  LadderService,
  MatchmakingService,
  ScoringService,
};

/** What an Olympus refusal says beyond its status: the stable reason to branch on. */
export interface Refusal {
  code: Code;
  reason: string; // errors.proto's ErrorReason name, "" when the error has no ErrorInfo
  metadata: Record<string, string>;
  retryAfterMs?: number;
  fields: { field: string; description: string }[];
  quotas: { subject: string; description: string }[];
}

export function refusal(error: unknown): Refusal {
  const err = ConnectError.from(error);
  const info = err.findDetails(ErrorInfoSchema)[0];
  const retry = err.findDetails(RetryInfoSchema)[0]?.retryDelay;
  return {
    code: err.code,
    reason: info?.reason ?? "",
    metadata: { ...(info?.metadata ?? {}) },
    retryAfterMs: retry ? Number(retry.seconds) * 1000 + retry.nanos / 1e6 : undefined,
    fields: err
      .findDetails(BadRequestSchema)
      .flatMap((b) => b.fieldViolations.map((v) => ({ field: v.field, description: v.description }))),
    quotas: err
      .findDetails(QuotaFailureSchema)
      .flatMap((q) => q.violations.map((v) => ({ subject: v.subject, description: v.description }))),
  };
}
