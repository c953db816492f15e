import { inject } from 'vitest';

/** A login the suite created (or configured) on the server under test. */
export interface Credentials {
  username: string;
  password: string;
}

/** One server under test, as e2e/global-setup.ts started it, and what it made on it. */
export interface E2eServer {
  baseUrl: string;
  admin: Credentials;
  manager: Credentials;
  regular: Credentials;
  /** A regular user named in the server's KIT_EDITOR_USERNAMES. */
  kitEditor: Credentials;
  /** The file this server's SMTP inbox appends each received message to (support/mailbox.ts). */
  mailbox: string;
  /** The browser profile folder of this worker's files, which it runs in turn (support/harness.ts). */
  profileDir: string;
}

/** What e2e/global-setup.ts hands to the tests through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per test worker, in the order of vitest's pool ids (1 first). */
    servers: E2eServer[];
  }
}

/**
 * This file's server. vitest gives each worker running at once a pool id from 1 to maxWorkers
 * (VITEST_POOL_ID), and the setup starts one server per id, so two files never share a server
 * at the same time, and each file sees a server whose data only files before it changed.
 */
export function e2eServer(): E2eServer {
  const servers = inject('servers');
  const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[poolId - 1];
  if (!server) {
    throw new Error(`no e2e server for pool id ${poolId}: the setup started ${servers.length}`);
  }
  return server;
}

/** One thing of this file's server (e2eServer), by name. */
export function provided<K extends keyof E2eServer>(key: K): E2eServer[K] {
  return e2eServer()[key];
}
