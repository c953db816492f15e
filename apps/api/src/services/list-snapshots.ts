import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { CachedJson } from '../http/cached-json';
import type {
  DataVersionsRepository,
  VersionedTable,
} from '../repositories/data-versions.repository';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** How one list is read: the tables it depends on and the read itself. */
export interface ListSource {
  tables: readonly VersionedTable[];
  /**
   * What else the list depends on besides its tables, as text (the job list:
   * today's date, which moves jobs into the past at midnight with no write).
   */
  key?: () => string;
  /**
   * Reads the list, handing its items to `add` in order, in one chunk or
   * several: each chunk is serialised as it comes, so a long list read in
   * chunks never holds the event loop for the whole list at once.
   */
  read(add: (items: readonly unknown[]) => void): Promise<void>;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** The list's JSON, made chunk by chunk: the same bytes as JSON.stringify of the whole array. */
async function serialise(source: ListSource): Promise<Buffer> {
  const parts: Buffer[] = [OPEN];
  await source.read((items) => {
    if (items.length === 0) return;
    if (parts.length > 1) parts.push(COMMA);
    // The chunk's array without its brackets: its items, comma-separated.
    parts.push(Buffer.from(JSON.stringify(items).slice(1, -1), 'utf8'));
  });
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

/** The serialised body of one version of a list, with its compressed forms made on first use. */
class Snapshot implements CachedJson {
  private gzipped: Promise<Buffer> | null = null;
  private brotli: Promise<Buffer> | null = null;

  constructor(
    readonly etag: string,
    /** UTF-8 bytes, made once: sending a string would encode megabytes again on every answer. */
    readonly body: Buffer,
  ) {}

  gzip(): Promise<Buffer> {
    this.gzipped ??= gzipAsync(this.body, { level: 6 });
    return this.gzipped;
  }

  br(): Promise<Buffer> {
    // Quality 5: most of brotli's gain over gzip at a fraction of quality 11's time.
    this.brotli ??= brotliAsync(this.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
    });
    return this.brotli;
  }
}

/**
 * The current serialised body of each list, kept in memory per data version.
 * The version (the change counters of the list's tables, which the database
 * bumps in the same transaction as every write) is read before the list, so
 * a body is never labelled newer than the data it holds: a write between the
 * two reads costs one more read later, never a stale answer. Every API node
 * reads the same counters, so they agree on the ETag.
 */
export class ListSnapshots<Name extends string = string> {
  private readonly current = new Map<string, Snapshot>();
  private readonly loading = new Map<string, Promise<Snapshot>>();

  constructor(
    private readonly versions: DataVersionsRepository,
    private readonly sources: Record<Name, ListSource>,
  ) {}

  /** The last ETag made per list, with the counters it was made from (hashing on every request costs). */
  private readonly etags = new Map<string, { counters: string; etag: string }>();

  /** The ETag of the list's current version (one small query, none while the embedded database is unchanged). */
  private async etag(name: Name): Promise<string> {
    // eslint-disable-next-line meridian/string-key-injection -- name is a list name of the route table, typed as the sources' keys
    const source = this.sources[name];
    const read = await this.versions.read(source.tables);
    const counters = (source.key ? [...read, source.key()] : read).join('|');
    const last = this.etags.get(name);
    if (last?.counters === counters) return last.etag;
    const digest = createHash('sha256').update(`${name}|${counters}`).digest('base64url');
    const etag = `"${name}-${digest.slice(0, 22)}"`;
    this.etags.set(name, { counters, etag });
    return etag;
  }

  /** The list's body at its current version: from memory, or read once for every waiting request. */
  async get(name: Name): Promise<CachedJson> {
    // eslint-disable-next-line meridian/string-key-injection -- name is a list name of the route table, typed as the sources' keys
    const source = this.sources[name];
    const etag = await this.etag(name);
    const cached = this.current.get(name);
    if (cached?.etag === etag) return cached;
    const key = `${name}|${etag}`;
    let pending = this.loading.get(key);
    if (pending === undefined) {
      pending = serialise(source)
        .then((body) => {
          const snapshot = new Snapshot(etag, body);
          this.current.set(name, snapshot);
          return snapshot;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }
}
