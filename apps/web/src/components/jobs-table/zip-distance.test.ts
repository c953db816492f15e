import { haversineMiles } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { assigneeMiles, milesBetweenZips, type ZipIndex } from './zip-distance';

const zips: ZipIndex = new Map([
  ['10016', { zip_code: '10016', lat: 40.7459, lon: -73.978 }],
  ['94103', { zip_code: '94103', lat: 37.7725, lon: -122.4091 }],
]);

describe('milesBetweenZips', () => {
  it('is the domain haversine (R = 3958.8 mi) between the two zips', () => {
    const miles = milesBetweenZips(zips, '10016', '94103');
    expect(miles).toBe(haversineMiles(40.7459, -73.978, 37.7725, -122.4091));
    // New York to San Francisco, great circle: about 2,570 miles.
    expect(miles).toBeGreaterThan(2550);
    expect(miles).toBeLessThan(2590);
  });

  it('is null when a zip is missing or unknown, or the table is not loaded', () => {
    expect(milesBetweenZips(zips, '10016', '')).toBeNull();
    expect(milesBetweenZips(zips, '10016', '00000')).toBeNull();
    expect(milesBetweenZips(undefined, '10016', '94103')).toBeNull();
  });
});

describe('assigneeMiles', () => {
  it('keeps the distance written in the reason', () => {
    expect(assigneeMiles(12, zips, '10016', '94103')).toBe(12);
  });

  it('falls back to the haversine distance when the reason has none', () => {
    expect(assigneeMiles(null, zips, '10016', '94103')).toBeCloseTo(2570, -1);
    expect(assigneeMiles(Number.NaN, zips, '94103', '10016')).toBeCloseTo(2570, -1);
    expect(assigneeMiles(undefined, zips, null, '10016')).toBeNull();
  });
});
