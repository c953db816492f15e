import { describe, expect, it } from 'vitest';
import { byteRange, etagMatches } from '../src/http/byte-range';

// A file of 1000 bytes throughout: offsets 0 to 999.
describe('byteRange', () => {
  it.each([
    ['bytes=0-0', 0, 0],
    ['bytes=0-999', 0, 999],
    ['bytes=500-', 500, 999],
    ['bytes=999-', 999, 999],
    ['bytes=990-5000', 990, 999],
    ['bytes=-1', 999, 999],
    ['bytes=-10', 990, 999],
    ['bytes=-5000', 0, 999],
    ['bytes= 10 - 19', 10, 19],
  ])('reads %s as bytes %i to %i', (header, start, end) => {
    expect(byteRange(header, 1000)).toEqual({ kind: 'partial', start, end });
  });

  it.each(['bytes=1000-', 'bytes=1000-2000', 'bytes=-0', 'bytes=99999999999999999999-'])(
    'cannot satisfy %s (416)',
    (header) => {
      expect(byteRange(header, 1000)).toEqual({ kind: 'unsatisfiable' });
    },
  );

  it.each([
    undefined,
    'bytes=20-10',
    'bytes=0-1,5-6',
    'items=0-1',
    'bytes=-',
    'bytes=a-b',
    'bytes=0x10-20',
    '',
  ])('answers the whole file for %s', (header) => {
    expect(byteRange(header, 1000)).toEqual({ kind: 'full' });
  });
});

describe('etagMatches', () => {
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
    [undefined, false],
  ])('If-None-Match %s matches "abc": %s', (header, matches) => {
    expect(etagMatches(header, '"abc"')).toBe(matches);
  });
});
