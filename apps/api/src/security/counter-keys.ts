import { createHmac } from 'node:crypto';
import type { CounterKeys } from './login-throttle';

/**
 * Keys of rate_counters: an HMAC-SHA-256 of the counter's name under the
 * signing key, which every node shares (JWT_SECRET). The table never holds a
 * username as typed (a password typed into the username field included) or a
 * client's address, yet every node derives the same key for the same name.
 */
export function counterKeys(secret: string): CounterKeys {
  // A key of its own for this use, derived once, so the signing key itself never keys another MAC.
  const key = createHmac('sha256', secret).update('meridian rate_counters').digest();
  return (name) => createHmac('sha256', key).update(name).digest('base64url');
}
