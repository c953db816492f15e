import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config/config';
import { checkHostResolves } from '../src/config/listen-address';
import {
  redactDatabaseUrl,
  startupFailureMessage,
  type StartupContext,
} from '../src/compose/startup-errors';
import { DataDirLockedError } from '../src/db/data-dir-lock';
import { TaskSettingsError } from '../src/config/task-settings';

const config: StartupContext['config'] = {
  host: '127.0.0.1',
  port: 8123,
  dataDir: '/srv/meridian/data',
  databaseUrl: null,
};

/** An error shaped like Node's system errors (code, syscall, path). */
const systemError = (message: string, fields: Record<string, string>) =>
  Object.assign(new Error(message), fields);

describe('startupFailureMessage', () => {
  it('prefixes configuration errors and passes the data folder lock message through', () => {
    expect(
      startupFailureMessage(new ConfigError('PORT must be ...'), { phase: 'config', config: null }),
    ).toBe('configuration error: PORT must be ...');
    expect(
      startupFailureMessage(new TaskSettingsError('RUN_WORKERS must be true or false'), {
        phase: 'app',
        config,
      }),
    ).toBe('configuration error: RUN_WORKERS must be true or false');
    expect(
      startupFailureMessage(new DataDirLockedError('Data folder x is in use'), {
        phase: 'database',
        config,
      }),
    ).toBe('Data folder x is in use');
  });

  it('names DATA_DIR for a file-system error inside it, in any phase', () => {
    const error = systemError("ENOTDIR: not a directory, open '/srv/meridian/data/jwt-secret'", {
      code: 'ENOTDIR',
      path: '/srv/meridian/data/jwt-secret',
    });
    for (const phase of ['data-dir', 'database', 'app'] as const) {
      expect(startupFailureMessage(error, { phase, config })).toBe(
        "configuration error: DATA_DIR='/srv/meridian/data' cannot be used: ENOTDIR at " +
          '/srv/meridian/data/jwt-secret (a part of the path is a file, not a folder); set DATA_DIR to a folder this user can write',
      );
    }
    // A path outside DATA_DIR (even one sharing its prefix) is not DATA_DIR's fault.
    const outside = systemError('EACCES', { code: 'EACCES', path: '/srv/meridian/data-old/x' });
    expect(startupFailureMessage(outside, { phase: 'app', config })).toBeNull();
  });

  it('names DATABASE_URL without its password when the database cannot be reached', () => {
    const refused = systemError('connect ECONNREFUSED 127.0.0.1:5999', {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });
    const withUrl = { ...config, databaseUrl: 'postgres://app:s3cret@db.internal:5999/meridian' };
    const message = startupFailureMessage(refused, { phase: 'database', config: withUrl });
    expect(message).toBe(
      "configuration error: DATABASE_URL='postgres://app:***@db.internal:5999/meridian' cannot be used: connect ECONNREFUSED 127.0.0.1:5999",
    );
    expect(message).not.toContain('s3cret');
    // Node reports a dual-stack "localhost" refusal as an AggregateError with an empty message.
    const aggregate = Object.assign(new AggregateError([refused], ''), { code: 'ECONNREFUSED' });
    expect(startupFailureMessage(aggregate, { phase: 'database', config: withUrl })).toContain(
      'cannot be used: connect ECONNREFUSED 127.0.0.1:5999',
    );
  });

  it.each([
    ['EADDRINUSE', "PORT=8123 is already in use on HOST='127.0.0.1' (EADDRINUSE)"],
    ['EADDRNOTAVAIL', "HOST='127.0.0.1' is not an address of this machine (EADDRNOTAVAIL)"],
    ['ENOTFOUND', "HOST='127.0.0.1' cannot be resolved (ENOTFOUND)"],
    ['EACCES', "PORT=8123 on HOST='127.0.0.1' is not allowed for this user (EACCES)"],
  ])('names HOST and PORT when listening fails with %s', (code, expected) => {
    const message = startupFailureMessage(
      systemError(`listen ${code}`, { code, syscall: 'listen' }),
      {
        phase: 'listen',
        config,
      },
    );
    expect(message).toContain(`configuration error: ${expected}`);
  });

  it('leaves errors no setting explains to the generic line', () => {
    expect(startupFailureMessage(new Error('boom'), { phase: 'app', config })).toBeNull();
    expect(startupFailureMessage('text', { phase: 'config', config: null })).toBeNull();
    const listenOther = systemError('x', { code: 'EMFILE' });
    expect(startupFailureMessage(listenOther, { phase: 'listen', config })).toBeNull();
  });
});

describe('redactDatabaseUrl', () => {
  it('hides the password only', () => {
    expect(redactDatabaseUrl('postgres://u:p%40ss@h:5432/db?sslmode=require')).toBe(
      'postgres://u:***@h:5432/db?sslmode=require',
    );
    expect(redactDatabaseUrl('postgresql://u@h/db')).toBe('postgresql://u@h/db');
  });
});

describe('checkHostResolves', () => {
  it('accepts addresses without a lookup and names that resolve', async () => {
    await expect(checkHostResolves('0.0.0.0')).resolves.toBeUndefined();
    await expect(checkHostResolves('::1')).resolves.toBeUndefined();
    await expect(checkHostResolves('localhost')).resolves.toBeUndefined();
  });

  it('refuses a name that does not resolve with one line naming HOST', async () => {
    // .invalid never resolves (RFC 2606).
    await expect(checkHostResolves('no-such-host.invalid')).rejects.toThrow(
      /^HOST='no-such-host\.invalid' cannot be resolved \((ENOTFOUND|EAI_AGAIN)\)/,
    );
    await expect(checkHostResolves('no-such-host.invalid')).rejects.toBeInstanceOf(ConfigError);
  });
});
