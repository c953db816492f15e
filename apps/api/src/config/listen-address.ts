import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ConfigError } from './config';

/**
 * Resolves a HOST name before the database is opened, so a typo stops the
 * start at once with one line instead of after the migrations, at listen.
 * IP addresses need no lookup; whether one belongs to this machine is only
 * known when listening (main reports EADDRNOTAVAIL then).
 */
export async function checkHostResolves(host: string): Promise<void> {
  if (isIP(host) !== 0) return;
  try {
    await lookup(host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'lookup failed';
    throw new ConfigError(
      `HOST='${host}' cannot be resolved (${code}); use an IP address such as 127.0.0.1 or 0.0.0.0, or a name this machine resolves`,
    );
  }
}
