import { describe, expect, it } from 'vitest';
import { ZIP_TABLE_ROWS, isKnownZip, lookupZip, zipTableRows } from '../../src/io/zip-table';

describe('zip table', () => {
  it('loads every zip of the package with coordinates, sorted and unique', () => {
    const started = performance.now();
    const rows = zipTableRows();
    const ms = performance.now() - started;
    // Measured figure for the report (41,038 rows in 0.3 to 0.6 s on this machine).
    console.info(`zip table: ${rows.length} rows, first load ${ms.toFixed(0)} ms`);
    expect(rows.length).toBe(41_038);
    // A start trusts this count to skip loading the package: it must be the package's.
    expect(ZIP_TABLE_ROWS).toBe(rows.length);
    expect(new Set(rows.map((r) => r.zip_code)).size).toBe(rows.length);
    // One expect over all rows: 41k expects would dominate the run time.
    const bad = rows.filter(
      (row, i) =>
        !/^\d{5}$/.test(row.zip_code) ||
        Math.abs(row.lat) > 90 ||
        Math.abs(row.lon) > 180 ||
        (i > 0 && rows[i - 1]!.zip_code >= row.zip_code),
    );
    expect(bad).toEqual([]);
  });

  it('looks up a zip with its leading zero', () => {
    expect(lookupZip('02115')).toEqual({
      zip_code: '02115',
      lat: 42.3427,
      lon: -71.0922,
      city: 'Boston',
      state: 'MA',
    });
    expect(isKnownZip('10001')).toBe(true);
    expect(isKnownZip('2115')).toBe(false);
    expect(isKnownZip('00000')).toBe(false);
    expect(lookupZip('99999')).toBeUndefined();
  });
});
