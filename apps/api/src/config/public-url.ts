import { hostname } from 'node:os';

/** A PUBLIC_URL that cannot be used; parseConfig turns it into a ConfigError. */
export class PublicUrlError extends Error {
  override name = 'PublicUrlError';
}

/**
 * PUBLIC_URL: the address users reach the app at (`https://scheduler.example.org`,
 * a path prefix allowed), without a trailing slash; null when unset. Only
 * http and https, no credentials, query or fragment.
 */
export function parsePublicUrl(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new PublicUrlError(`PUBLIC_URL must be an http or https URL, got '${text}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PublicUrlError(`PUBLIC_URL must be an http or https URL, got '${text}'`);
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new PublicUrlError('PUBLIC_URL must not carry a user name, password, query or fragment');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The base of links the app hands out (calendar feeds, notices): PUBLIC_URL,
 * else plain http on the configured listen address and the port it is bound
 * to (a wildcard address is this machine's name). Never the request's Host
 * header, which any client chooses.
 */
export function publicBaseUrl(
  config: { publicUrl: string | null; host: string },
  port: number,
): string {
  if (config.publicUrl !== null) return config.publicUrl;
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const host = wildcard ? hostname() : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
