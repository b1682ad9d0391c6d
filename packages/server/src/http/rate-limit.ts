import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { messages } from '@uap/domain';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { countHit, dropEndedCounts, isCountShared } from './rate-limit-queries.ts';
import { ClaimedCounts } from './claimed-counts.ts';
import { HttpError } from './errors.ts';

/** The API limit's window: a minute. */
const WINDOW_MS = 60_000;

/**
 * The API and the embedded sign-in pages are counted; static files, /oidc, /metrics and the load
 * balancer's probes (/api/health/live, /api/health/ready) are not.
 */
const isLimited = (request: FastifyRequest) => {
  const url = request.routeOptions.url ?? '';
  return /^\/(api|signin)\//.test(url) && url !== '/api/health/live' && url !== '/api/health/ready';
};

/** 429 in the envelope; the plugin has already set Retry-After. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, messages.tooManyRequests(retryAfterSeconds));

/**
 * Who a request is counted against: the person once the auth hook has verified their token (their
 * profile, else their identity), so a fresh token does not start a new count; else the client
 * address, so forged or missing tokens are counted too.
 */
function keyOf(request: FastifyRequest): string {
  if (request.actor) {
    return `user:${request.actor.userId}`;
  }
  if (request.identity) {
    return `identity:${request.identity.issuer} ${request.identity.subject}`;
  }
  return `ip:${request.ip}`;
}

/** Counts one request (429 once its key has used the minute); counts it once however often called. */
export type CountRequest = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Requests per minute per person (keyOf), else per client address. The address is the socket's
 * unless a proxy named in TRUST_PROXY forwarded the request, so a client cannot pick a fresh
 * X-Forwarded-For to reset its count. Must be registered before the routes; the limit runs as
 * each route's hook, after the auth hook, which counts the calls it refuses with the answer.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config, db: Db): Promise<CountRequest> {
  const max = config.rateLimit.apiPerMinute;
  const counts = isCountShared(db, config)
    ? new ClaimedCounts((key, hits) => countHit(db.kysely, key, WINDOW_MS, hits), max)
    : null;
  await app.register(rateLimit, {
    global: true,
    // PostgreSQL: the counts of every instance on the database, in `rate_counts`, claimed in
    // blocks (ClaimedCounts); a count that cannot be read lets the call through (the database's
    // failure answers it anyway).
    ...(counts ? { store: sharedStore(counts), skipOnError: true } : {}),
    max,
    timeWindow: WINDOW_MS,
    allowList: (request) => !isLimited(request),
    keyGenerator: keyOf,
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  if (counts) {
    const sweep = setInterval(() => {
      counts.forgetEnded();
      dropEndedCounts(db.kysely).catch((error: unknown) =>
        app.log.warn({ err: error }, 'dropping ended counts failed'),
      );
    }, 60_000);
    sweep.unref();
    app.addHook('onClose', () => clearInterval(sweep));
  }
  const count = app.rateLimit();
  return async (request, reply) => {
    await count.call(app, request, reply);
  };
}

/** The shape of @fastify/rate-limit's stores: `incr` counts one hit of a key. */
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A store for @fastify/rate-limit whose counts every instance shares. */
function sharedStore(counts: ClaimedCounts) {
  return class SharedCountStore {
    incr(key: string, callback: IncrCallback): void {
      counts.hit(`request ${key}`).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): SharedCountStore {
      return this;
    }
  };
}
