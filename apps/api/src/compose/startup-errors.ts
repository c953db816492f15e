import path from 'node:path';
import { DataDirLockedError } from '../db/data-dir-lock';
import { TaskSettingsError } from '../config/task-settings';
import { ConfigError, type Config } from '../config/config';

/** Where start-up was when it failed: decides which setting an error points at. */
export type StartupPhase = 'config' | 'data-dir' | 'database' | 'app' | 'listen';

/** What the one-line message may name: the phase and the settings read so far. */
export interface StartupContext {
  phase: StartupPhase;
  config: Pick<Config, 'host' | 'port' | 'dataDir' | 'databaseUrl'> | null;
}

type SystemError = Error & {
  code?: string;
  path?: string;
  syscall?: string;
  errors?: unknown[];
};

const FILE_PROBLEMS: Record<string, string> = {
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file of that name is in the way of a folder',
  EISDIR: 'a folder is where a file should be',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  ENOENT: 'a part of the path does not exist',
};

const isInside = (file: string, folder: string) => {
  const relative = path.relative(folder, path.resolve(file));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** DATABASE_URL without its password, so the message can show it safely. */
export function redactDatabaseUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://…';
  }
}

/** The error's own text; Node's AggregateError (one per address tried) has an empty message. */
function reason(error: SystemError): string {
  const inner = (error.errors ?? []).find((e): e is SystemError => e instanceof Error);
  const text = error.message !== '' ? error.message : (inner?.message ?? '');
  const code = error.code ?? inner?.code;
  if (text === '') return code ?? error.name;
  return code !== undefined && !text.includes(code) ? `${text} (${code})` : text;
}

/**
 * The one line main prints (after "meridian: ") when start-up fails, naming the
 * setting and its value; null for an error no setting explains (main then
 * prints the error's message, and its stack at LOG_LEVEL debug or trace).
 */
export function startupFailureMessage(error: unknown, context: StartupContext): string | null {
  if (error instanceof ConfigError || error instanceof TaskSettingsError) {
    return `configuration error: ${error.message}`;
  }
  if (error instanceof DataDirLockedError) return error.message;
  if (!(error instanceof Error)) return null;
  const failure = error as SystemError;
  const { config, phase } = context;
  if (config === null) return null;

  if (
    failure.path !== undefined &&
    failure.code !== undefined &&
    isInside(failure.path, config.dataDir)
  ) {
    // eslint-disable-next-line meridian/string-key-injection -- the code comes from a Node file-system error, never from a request; unknown codes fall back to the message
    const problem = FILE_PROBLEMS[failure.code] ?? failure.message;
    return (
      `configuration error: DATA_DIR='${config.dataDir}' cannot be used: ${failure.code} at ` +
      `${failure.path} (${problem}); set DATA_DIR to a folder this user can write`
    );
  }

  if (phase === 'database' && config.databaseUrl !== null) {
    return (
      `configuration error: DATABASE_URL='${redactDatabaseUrl(config.databaseUrl)}' cannot be ` +
      `used: ${reason(failure)}`
    );
  }

  if (phase === 'listen') {
    const host = `HOST='${config.host}'`;
    const code: string = failure.code ?? '';
    switch (code) {
      case 'EADDRINUSE':
        return `configuration error: PORT=${config.port} is already in use on ${host} (EADDRINUSE); stop the other server or set PORT to a free port`;
      case 'EADDRNOTAVAIL':
        return `configuration error: ${host} is not an address of this machine (EADDRNOTAVAIL); use 127.0.0.1, 0.0.0.0 or one of its own addresses`;
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
      case 'EAI_NONAME':
        return `configuration error: ${host} cannot be resolved (${code}); use an IP address such as 127.0.0.1 or 0.0.0.0`;
      case 'EACCES':
        return `configuration error: PORT=${config.port} on ${host} is not allowed for this user (EACCES); use a port above 1023`;
      default:
        return null;
    }
  }
  return null;
}
