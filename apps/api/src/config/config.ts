import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  LoadSettingsError,
  loadSheddingFromEnv,
  loginThrottleFromEnv,
  type LoadShedding,
  type LoginThrottleSettings,
} from './load-shedding';
import { TaskSettingsError, taskSettingsFromEnv } from './task-settings';
import { wholeSetting } from './whole-setting';
import { PublicUrlError, parsePublicUrl } from './public-url';
import { MailSettingsError, parseMailSettings, type MailSettings } from './mail-settings';
import { DEFAULT_ORG_TIMEZONE, isRealDate, todayIn } from '@meridian/domain';

/** Who may self-register: everyone, nobody, or e-mail addresses of the listed domains. */
export type RegistrationPolicy =
  { mode: 'open' } | { mode: 'closed' } | { mode: 'domain'; domains: string[] };

/** Server configuration parsed from the environment (secrets not yet resolved). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** From JWT_SECRET; null means "generate once into DATA_DIR/jwt-secret". */
  jwtSecret: string | null;
  adminUsername: string;
  adminPassword: string | null;
  tokenTtlMinutes: number;
  /** Requests per minute per address on /token and /auth/register (AUTH_RATE_PER_MINUTE). */
  authRatePerMinute: number;
  /** Imports (schedule upload, roster CSVs) per minute per user (IMPORT_RATE_PER_MINUTE). */
  importRatePerMinute: number;
  kitEditorUsernames: string[];
  registration: RegistrationPolicy;
  logLevel: LogLevel;
  demo: boolean;
  /** TRUST_PROXY: which peers may give the client's address (X-Forwarded-For) and scheme. */
  trustProxy: TrustProxy;
  /** PUBLIC_URL: the base of links the app hands out (no trailing slash); null: from HOST and PORT. */
  publicUrl: string | null;
  /** Per-node bounds on concurrent expensive requests (SHED_*). */
  loadShedding: LoadShedding;
  /** Sign-in failure limits (LOGIN_*). */
  loginThrottle: LoginThrottleSettings;
  /** ORG_TIMEZONE: the IANA time zone whose date is "today" for the plan (past, published, draft). */
  orgTimeZone: string;
  /** PLAN_TODAY: a fixed "today" (YYYY-MM-DD) instead of the clock, for tests and rehearsals; null: the clock. */
  planToday: string | null;
  /** SMTP_URL and MAIL_FROM: where notices' e-mail goes out; smtpUrl null: none is sent. */
  mail: MailSettings;
}

/** Configuration with the signing key resolved: what the app needs to run. */
export type RuntimeConfig = Config & { jwtSecret: string };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A configuration value that cannot be used; main prints its message on one line and exits 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The smallest HS256 key we accept (RFC 7518 3.2: key at least as long as the hash). */
export const MIN_JWT_SECRET_BYTES = 32;

const emptyToUndefined = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

const integer = (
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
) => wholeSetting({ [name]: raw }, name, { fallback, min, max }, (m) => new ConfigError(m));

const commaList = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

const DomainSchema = z
  .string()
  // eslint-disable-next-line security/detect-unsafe-regex -- labels cannot contain the dot that separates them, so matching is linear; the input is the operator's own setting
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'expected a domain such as example.org');

/**
 * Parses REGISTRATION: open | closed | domain:a.org,b.org. Unset means closed
 * (accounts come from an administrator) except in demo mode, where it is open.
 */
export function parseRegistration(raw: string | undefined, demo = false): RegistrationPolicy {
  const value = emptyToUndefined(raw)?.toLowerCase() ?? (demo ? 'open' : 'closed');
  if (value === 'open') return { mode: 'open' };
  if (value === 'closed') return { mode: 'closed' };
  if (value.startsWith('domain:')) {
    const domains = commaList(value.slice('domain:'.length));
    const bad = domains.find((d) => !DomainSchema.safeParse(d).success);
    if (domains.length === 0 || bad !== undefined) {
      throw new ConfigError(
        `REGISTRATION domain list is invalid${bad ? ` ('${bad}')` : ''}: use domain:example.org,other.org`,
      );
    }
    return { mode: 'domain', domains };
  }
  throw new ConfigError(`REGISTRATION must be open, closed or domain:a.org,b.org, got '${value}'`);
}

/**
 * Which peers may tell the server a client's address (X-Forwarded-For):
 * none (false), the nearest N hops, or a list of proxy addresses and ranges.
 * Behind a proxy that is not trusted every request seems to come from the
 * proxy, and the per-address sign-in throttle would lock everyone out at once.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for the reserved ranges (Fastify passes the list to it). */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Most hops a chain of proxies may have; more is a typo, not a deployment. */
const MAX_HOPS = 10;

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`), or one of the named ranges. */
function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Parses TRUST_PROXY: unset, empty or `false` trusts nobody; a whole number
 * from 1 to 10 trusts that many hops; otherwise a comma list of addresses,
 * CIDR ranges or loopback/linklocal/uniquelocal. `true` (trust anyone) is
 * refused: every client could then choose its own address.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') {
    throw new ConfigError(
      "TRUST_PROXY=true would let any client choose its address; list the proxy's addresses or give a hop count",
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= MAX_HOPS) return hops;
    throw new ConfigError(`TRUST_PROXY hop count must be from 1 to ${MAX_HOPS}, got '${value}'`);
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const bad = entries.find((entry) => !isProxyEntry(entry));
  if (entries.length === 0 || bad !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be false, a hop count, or addresses and ranges such as 127.0.0.1,10.0.0.0/8, got '${bad ?? value}'`,
    );
  }
  return entries;
}

// A DNS name (RFC 1123 labels); whether it resolves is checked at start (listen-address.ts).
const HOST_NAME =
  // eslint-disable-next-line security/detect-unsafe-regex -- labels cannot contain the dot that separates them and the look-ahead caps the length at 253, so matching is linear; the input is the operator's own setting
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** Parses HOST: an IPv4 or IPv6 address or a host name. */
export function parseHost(raw: string | undefined): string {
  const host = emptyToUndefined(raw) ?? '127.0.0.1';
  if (isIP(host) === 0 && !HOST_NAME.test(host)) {
    throw new ConfigError(
      `HOST must be an IP address or a host name (such as 127.0.0.1 or 0.0.0.0), got '${host}'`,
    );
  }
  return host;
}

/**
 * The task settings (TASK_RATE_PER_MINUTE, *_TIME_LIMIT_SECONDS, RUN_WORKERS,
 * SSE_KEEPALIVE_SECONDS) are parsed by config/task-settings.ts, which the work
 * plugin (compose/work-plugin.ts) calls when the app is built. Calling the same parser here stops a bad
 * value at start, before the database is opened and migrated.
 */
function checkTaskSettings(env: Record<string, string | undefined>): void {
  try {
    taskSettingsFromEnv(env);
  } catch (error) {
    if (error instanceof TaskSettingsError) throw new ConfigError(error.message);
    throw error;
  }
}

/** Parses ORG_TIMEZONE: an IANA time zone Intl knows (default America/Chicago). */
export function parseOrgTimeZone(raw: string | undefined): string {
  const zone = emptyToUndefined(raw) ?? DEFAULT_ORG_TIMEZONE;
  try {
    todayIn(zone, new Date());
  } catch {
    throw new ConfigError(
      `ORG_TIMEZONE must be an IANA time zone such as America/Chicago or UTC, got '${zone}'`,
    );
  }
  return zone;
}

/** Parses PLAN_TODAY: unset, or a real date that "today" is pinned to. */
export function parsePlanToday(raw: string | undefined): string | null {
  const value = emptyToUndefined(raw);
  if (value === undefined) return null;
  if (!isRealDate(value))
    throw new ConfigError(`PLAN_TODAY must be a date as YYYY-MM-DD, got '${value}'`);
  return value;
}

/** Reads and checks every setting; throws ConfigError with a one-line message on a bad value. */
export function parseConfig(
  env: Record<string, string | undefined>,
  argv: readonly string[] = [],
): Config {
  const demo = argv.includes('--demo');
  // npm runs workspace scripts inside apps/api; INIT_CWD is where the user typed the command.
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(
    baseDir,
    emptyToUndefined(env.DATA_DIR) ?? (demo ? './data-demo' : './data'),
  );

  const databaseUrl = emptyToUndefined(env.DATABASE_URL) ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }

  const jwtSecret = env.JWT_SECRET === undefined || env.JWT_SECRET === '' ? null : env.JWT_SECRET;
  if (jwtSecret !== null && Buffer.byteLength(jwtSecret, 'utf8') < MIN_JWT_SECRET_BYTES) {
    throw new ConfigError(
      `JWT_SECRET must be at least ${MIN_JWT_SECRET_BYTES} bytes; refusing to start with a weak signing key`,
    );
  }

  const adminUsername = emptyToUndefined(env.ADMIN_USERNAME) ?? 'admin';
  if (!/^[A-Za-z0-9._-]{3,64}$/.test(adminUsername)) {
    throw new ConfigError(
      'ADMIN_USERNAME must be 3 to 64 letters, digits, dots, dashes or underscores',
    );
  }
  const adminPassword =
    env.ADMIN_PASSWORD === undefined || env.ADMIN_PASSWORD === '' ? null : env.ADMIN_PASSWORD;
  if (adminPassword !== null && (adminPassword.length < 8 || adminPassword.length > 128)) {
    throw new ConfigError('ADMIN_PASSWORD must be 8 to 128 characters');
  }

  const logLevel = (emptyToUndefined(env.LOG_LEVEL)?.toLowerCase() ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${logLevel}'`);
  }
  checkTaskSettings(env);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  let publicUrl: string | null;
  try {
    publicUrl = parsePublicUrl(env.PUBLIC_URL);
  } catch (error) {
    if (error instanceof PublicUrlError) throw new ConfigError(error.message);
    throw error;
  }
  let mail: MailSettings;
  try {
    mail = parseMailSettings(env);
  } catch (error) {
    if (error instanceof MailSettingsError) throw new ConfigError(error.message);
    throw error;
  }
  let loadShedding: LoadShedding;
  let loginThrottle: LoginThrottleSettings;
  try {
    loadShedding = loadSheddingFromEnv(env);
    loginThrottle = loginThrottleFromEnv(env);
  } catch (error) {
    if (error instanceof LoadSettingsError) throw new ConfigError(error.message);
    throw error;
  }

  return {
    orgTimeZone: parseOrgTimeZone(env.ORG_TIMEZONE),
    planToday: parsePlanToday(env.PLAN_TODAY),
    port: integer('PORT', env.PORT, 8000, 0, 65535),
    host: parseHost(env.HOST),
    dataDir,
    databaseUrl,
    jwtSecret,
    adminUsername,
    adminPassword,
    tokenTtlMinutes: integer('TOKEN_TTL_MINUTES', env.TOKEN_TTL_MINUTES, 480, 1, 60 * 24 * 30),
    authRatePerMinute: integer('AUTH_RATE_PER_MINUTE', env.AUTH_RATE_PER_MINUTE, 30, 1, 100_000),
    importRatePerMinute: integer(
      'IMPORT_RATE_PER_MINUTE',
      env.IMPORT_RATE_PER_MINUTE,
      20,
      1,
      100_000,
    ),
    kitEditorUsernames: commaList(env.KIT_EDITOR_USERNAMES),
    registration: parseRegistration(env.REGISTRATION, demo),
    logLevel,
    demo,
    trustProxy,
    publicUrl,
    mail,
    loadShedding,
    loginThrottle,
  };
}
