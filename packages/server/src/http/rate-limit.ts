import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { messages } from '@uap/domain';
import type { Config } from '../config.ts';
import { bearerToken } from './auth-hook.ts';
import { HttpError } from './errors.ts';

/** The API and the embedded sign-in pages are counted; static files, /oidc and /metrics are not. */
const isLimited = (request: FastifyRequest) => /^\/(api|signin)\//.test(request.routeOptions.url ?? '');

/** 429 in the envelope; the plugin has already set Retry-After. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, messages.tooManyRequests(retryAfterSeconds));

export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

/**
 * Requests per minute per access token (a hash of it, once the auth hook has verified it),
 * else per client address. The address is the socket's unless a proxy named in TRUST_PROXY
 * forwarded the request, so a client cannot pick a fresh X-Forwarded-For to reset its count.
 * Must be registered after the auth hook and before the routes.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.apiPerMinute,
    timeWindow: 60_000,
    allowList: (request) => !isLimited(request),
    keyGenerator: (request) => {
      const token = bearerToken(request);
      // Route hooks run after the app's: an unverified token is not a key of its own.
      return request.identity && token ? `token:${sha256(token)}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
