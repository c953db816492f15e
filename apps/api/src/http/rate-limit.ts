import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import './fastify-types';
import { tooManyRequests } from './http-error';

/**
 * Route config of @fastify/rate-limit (registered with global: false) for an
 * expensive operation: at most `maxPerMinute` calls a minute per user. The
 * limit runs after the route's role guard, so the signed-in user is known and
 * colleagues behind one office address do not share a budget. The 429 names
 * the operation and when to retry; Retry-After is set by the plugin.
 */
export function perUserRateLimit(maxPerMinute: number, what: string): RateLimitOptions {
  return {
    max: maxPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      // Named after the operation too, so two limiters that share no route never share a budget.
      request.user === null ? `${what}|address:${request.ip}` : `${what}|user:${request.user.id}`,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(
        `Too many ${what}: at most ${context.max} a minute per user; try again in ${context.after}`,
        context.ttl / 1000,
      ),
  };
}
