import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, parseRegistration } from '../src/config/config';
import { resolveJwtSecret } from '../src/config/jwt-secret';
import { wholeSetting } from '../src/config/whole-setting';

const base = { INIT_CWD: '/srv/meridian' };

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig(base);
    expect(config).toEqual({
      port: 8000,
      host: '127.0.0.1',
      dataDir: '/srv/meridian/data',
      databaseUrl: null,
      jwtSecret: null,
      adminUsername: 'admin',
      adminPassword: null,
      tokenTtlMinutes: 480,
      authRatePerMinute: 30,
      importRatePerMinute: 20,
      kitEditorUsernames: [],
      registration: { mode: 'closed' },
      logLevel: 'info',
      demo: false,
      trustProxy: false,
      loadShedding: {
        bounds: {
          lists: { inFlight: 4, queue: 16 },
          'sign-in': { inFlight: 4, queue: 32 },
          streams: { inFlight: 500, queue: 0 },
        },
        queueTimeoutMs: 5000,
        streamsPerUser: 10,
      },
      publicUrl: null,
      mail: { smtpUrl: null, server: null, from: null },
      loginThrottle: { perAccount: 5, perAddress: 20, windowMs: 900_000, lockMs: 60_000 },
      orgTimeZone: 'America/Chicago',
      planToday: null,
    });
  });

  it('reads ORG_TIMEZONE and PLAN_TODAY, and names a bad one', () => {
    expect(parseConfig({ ...base, ORG_TIMEZONE: 'Asia/Tokyo' }).orgTimeZone).toBe('Asia/Tokyo');
    expect(() => parseConfig({ ...base, ORG_TIMEZONE: 'Mars/Olympus' })).toThrow(
      "ORG_TIMEZONE must be an IANA time zone such as America/Chicago or UTC, got 'Mars/Olympus'",
    );
    expect(parseConfig({ ...base, PLAN_TODAY: '2026-02-28' }).planToday).toBe('2026-02-28');
    expect(() => parseConfig({ ...base, PLAN_TODAY: '2026-02-30' })).toThrow(
      "PLAN_TODAY must be a date as YYYY-MM-DD, got '2026-02-30'",
    );
  });

  it('reads the load-shedding bounds and the sign-in throttle, and names a bad value', () => {
    const config = parseConfig({
      ...base,
      SHED_LISTS_IN_FLIGHT: '2',
      SHED_LISTS_QUEUE: '0',
      SHED_STREAMS_OPEN: '50',
      SHED_STREAMS_PER_USER: '3',
      SHED_QUEUE_TIMEOUT_SECONDS: '2',
      LOGIN_LOCK_SECONDS: '1',
      LOGIN_FAILURES_PER_ADDRESS: '3',
    });
    expect(config.loadShedding.bounds.lists).toEqual({ inFlight: 2, queue: 0 });
    expect(config.loadShedding.bounds.streams.inFlight).toBe(50);
    expect(config.loadShedding.queueTimeoutMs).toBe(2000);
    expect(config.loadShedding.streamsPerUser).toBe(3);
    expect(parseConfig(base).loadShedding.streamsPerUser).toBe(10);
    expect(() => parseConfig({ ...base, SHED_STREAMS_PER_USER: '0' })).toThrow(
      /SHED_STREAMS_PER_USER must be a whole number from 1/,
    );
    // One user may never hold every stream of the node.
    expect(() => parseConfig({ ...base, SHED_STREAMS_OPEN: '10' })).toThrow(
      'SHED_STREAMS_PER_USER (10) must be less than SHED_STREAMS_OPEN (10), so that one user cannot hold every stream of the node',
    );
    expect(parseConfig({ ...base, SHED_STREAMS_OPEN: '11' }).loadShedding.streamsPerUser).toBe(10);
    expect(config.loginThrottle).toMatchObject({ perAddress: 3, lockMs: 1000 });
    expect(() => parseConfig({ ...base, SHED_LISTS_IN_FLIGHT: '0' })).toThrow(
      /SHED_LISTS_IN_FLIGHT must be a whole number from 1/,
    );
    expect(() => parseConfig({ ...base, LOGIN_LOCK_SECONDS: 'soon' })).toThrow(
      /LOGIN_LOCK_SECONDS/,
    );
  });

  it('uses ./data-demo with --demo and resolves DATA_DIR against INIT_CWD', () => {
    expect(parseConfig(base, ['--demo']).dataDir).toBe('/srv/meridian/data-demo');
    expect(parseConfig({ ...base, DATA_DIR: 'x/y' }).dataDir).toBe('/srv/meridian/x/y');
    expect(parseConfig({ ...base, DATA_DIR: '/abs' }, ['--demo']).dataDir).toBe('/abs');
  });

  it('reads every variable', () => {
    const config = parseConfig({
      ...base,
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@h/db',
      JWT_SECRET: 'x'.repeat(32),
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'long-enough',
      TOKEN_TTL_MINUTES: '60',
      AUTH_RATE_PER_MINUTE: '120',
      IMPORT_RATE_PER_MINUTE: '5',
      KIT_EDITOR_USERNAMES: ' ann, bob ,,',
      REGISTRATION: 'domain:a.org,b.org',
      LOG_LEVEL: 'WARN',
      TRUST_PROXY: '10.0.0.0/8, ::1,loopback',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@h/db',
      jwtSecret: 'x'.repeat(32),
      adminUsername: 'boss',
      adminPassword: 'long-enough',
      tokenTtlMinutes: 60,
      authRatePerMinute: 120,
      importRatePerMinute: 5,
      kitEditorUsernames: ['ann', 'bob'],
      registration: { mode: 'domain', domains: ['a.org', 'b.org'] },
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8', '::1', 'loopback'],
    });
  });

  it('reads TRUST_PROXY as nobody, a hop count or a list of proxies', () => {
    expect(parseConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ ...base, TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(parseConfig({ ...base, TRUST_PROXY: '192.168.0.1,fd00::/8' }).trustProxy).toEqual([
      '192.168.0.1',
      'fd00::/8',
    ]);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 bytes/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ TOKEN_TTL_MINUTES: '0' }, /TOKEN_TTL_MINUTES/],
    [{ AUTH_RATE_PER_MINUTE: '0' }, /AUTH_RATE_PER_MINUTE/],
    [{ IMPORT_RATE_PER_MINUTE: 'many' }, /IMPORT_RATE_PER_MINUTE/],
    [{ ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD/],
    [{ ADMIN_USERNAME: 'a b' }, /ADMIN_USERNAME/],
    [{ REGISTRATION: 'sometimes' }, /REGISTRATION/],
    [{ REGISTRATION: 'domain:' }, /REGISTRATION/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ HOST: 'no such host' }, /HOST must be an IP address or a host name.*'no such host'/],
    [{ HOST: 'bad_name.example' }, /HOST/],
    // Task settings are checked with the rest, before any database is opened.
    [{ TASK_RATE_PER_MINUTE: '0' }, /TASK_RATE_PER_MINUTE must be a whole number.*'0'/],
    [{ OPTIMIZE_TIME_LIMIT_SECONDS: 'abc' }, /OPTIMIZE_TIME_LIMIT_SECONDS.*'abc'/],
    [{ COMPARE_TIME_LIMIT_SECONDS: '601' }, /COMPARE_TIME_LIMIT_SECONDS/],
    [{ SINGLE_RUN_TIME_LIMIT_SECONDS: '-1' }, /SINGLE_RUN_TIME_LIMIT_SECONDS/],
    [{ SSE_KEEPALIVE_SECONDS: '16' }, /SSE_KEEPALIVE_SECONDS.*at most 15/],
    [{ RUN_WORKERS: 'maybe' }, /RUN_WORKERS must be true or false/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY=true would let any client choose its address/],
    [{ TRUST_PROXY: '0' }, /TRUST_PROXY hop count must be from 1 to 10/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY must be.*'10.0.0.0\/33'/],
    [{ TRUST_PROXY: 'proxy.internal' }, /TRUST_PROXY must be.*'proxy.internal'/],
  ])('refuses %j with a one-line ConfigError', (env, message) => {
    const run = () => parseConfig({ ...base, ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
    try {
      run();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('accepts IP addresses and host names as HOST', () => {
    for (const host of ['0.0.0.0', '::1', '::', '192.168.1.20', 'localhost', 'app-1.internal']) {
      expect(parseConfig({ ...base, HOST: host }).host).toBe(host);
    }
  });

  it('accepts good task settings', () => {
    expect(() =>
      parseConfig({
        ...base,
        TASK_RATE_PER_MINUTE: '3',
        OPTIMIZE_TIME_LIMIT_SECONDS: '0.5',
        SSE_KEEPALIVE_SECONDS: '15',
        RUN_WORKERS: 'false',
      }),
    ).not.toThrow();
  });

  it('parses registration policies case-insensitively', () => {
    expect(parseRegistration('CLOSED')).toEqual({ mode: 'closed' });
    expect(parseRegistration('OPEN')).toEqual({ mode: 'open' });
    // Closed unless asked for; only the demo opens it by default.
    expect(parseRegistration(undefined)).toEqual({ mode: 'closed' });
    expect(parseRegistration(undefined, true)).toEqual({ mode: 'open' });
    expect(parseConfig(base, ['--demo']).registration).toEqual({ mode: 'open' });
    expect(parseConfig({ ...base, REGISTRATION: 'open' }).registration).toEqual({ mode: 'open' });
    expect(parseRegistration('domain:Hospital.org')).toEqual({
      mode: 'domain',
      domains: ['hospital.org'],
    });
  });
});

describe('resolveJwtSecret', () => {
  it('generates a key once into DATA_DIR/jwt-secret with mode 0600 and reuses it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-cfg-'));
    const config = parseConfig({ DATA_DIR: dataDir });
    const first = await resolveJwtSecret(config);
    expect(Buffer.byteLength(first.jwtSecret)).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'jwt-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await resolveJwtSecret(config)).jwtSecret).toBe(first.jwtSecret);
  });

  it('prefers JWT_SECRET and refuses a short stored key', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-cfg-'));
    const secret = 's'.repeat(40);
    expect(
      (await resolveJwtSecret(parseConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }))).jwtSecret,
    ).toBe(secret);
    await writeFile(path.join(dataDir, 'jwt-secret'), 'tiny');
    await expect(resolveJwtSecret(parseConfig({ DATA_DIR: dataDir }))).rejects.toThrow(ConfigError);
  });
});

describe('wholeSetting, the one reader of whole-number settings', () => {
  const read = (raw: string | undefined) =>
    wholeSetting({ SOME_LIMIT: raw }, 'SOME_LIMIT', { fallback: 7, min: 1, max: 100 }, (m) => {
      return new RangeError(m);
    });

  it('gives the fallback when unset or blank and reads digits with spaces around', () => {
    expect(read(undefined)).toBe(7);
    expect(read('  ')).toBe(7);
    expect(read(' 12 ')).toBe(12);
    expect(read('100')).toBe(100);
  });

  it.each(['0', '101', '1e2', '-5', '3.5', 'ten'])(
    'refuses %s with the caller’s error, naming the setting and the value',
    (raw) => {
      expect(() => read(raw)).toThrow(RangeError);
      expect(() => read(raw)).toThrow(
        `SOME_LIMIT must be a whole number from 1 to 100, got '${raw}'`,
      );
    },
  );

  it('serves the config, the task settings and load shedding with the same message', () => {
    expect(() => parseConfig({ ...base, PORT: '1e3' })).toThrow(
      "PORT must be a whole number from 0 to 65535, got '1e3'",
    );
    expect(() => parseConfig({ ...base, MAX_ACTIVE_TASKS: '1e3' })).toThrow(
      "MAX_ACTIVE_TASKS must be a whole number from 1 to 10000, got '1e3'",
    );
    expect(() => parseConfig({ ...base, SHED_SIGN_IN_QUEUE: '1e3' })).toThrow(
      "SHED_SIGN_IN_QUEUE must be a whole number from 0 to 100000, got '1e3'",
    );
  });
});
