import fc from 'fast-check';
import { JOB_ZIP_INPUT_PATTERN, ZIP_INPUT_PATTERN } from '@meridian/contracts';
import { isMissingZip } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { normalizeUploadZip } from '../src/io/schedule-row';

// The zip patterns the OpenAPI document carries (packages/contracts/src/zip.ts)
// accept exactly the texts the server reads as a 5-digit zip (and, for a job,
// the spec's missing values): a pattern stricter than the server would refuse
// what it takes, a looser one would promise what it refuses.

const readsAsZip = (text: string) => /^\d{5}$/.test(normalizeUploadZip(text));

const texts = fc.oneof(
  fc.stringMatching(/^\s{0,2}[\d-]{0,11}\s{0,2}$/),
  fc.stringMatching(JOB_ZIP_INPUT_PATTERN),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    '  ',
    '0',
    '00',
    'NULL',
    'None',
    'n/A',
    ' n/a ',
    'na',
    '501',
    '0501',
    ' 00501 ',
    '12345-6789',
    '123456789',
    '1234-5678',
    '123-4567',
    '12-3456',
    '1234567',
    '12345-',
    '\u00a012345\ufeff',
    'ABCDE',
  ),
);

describe('the zip patterns of the API document', () => {
  it('answer a megabyte of spaces before a wrong character in one pass (no backtracking per split)', () => {
    // Quadratic matching would take hours here and fail on the test's timeout.
    const hostile = `${' '.repeat(1_000_000)}x`;
    expect(JOB_ZIP_INPUT_PATTERN.test(hostile)).toBe(false);
    expect(ZIP_INPUT_PATTERN.test(hostile)).toBe(false);
    expect(JOB_ZIP_INPUT_PATTERN.test(`1${' '.repeat(1_000_000)}x`)).toBe(false);
  });

  it("a physicist's or kit's zip: the pattern matches exactly what the server reads as a zip", () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(ZIP_INPUT_PATTERN.test(text), JSON.stringify(text)).toBe(readsAsZip(text));
      }),
      { numRuns: 2000, seed: 20_261_129 },
    );
  });

  it("a job's zip: a zip, or one of the spec's missing values", () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(JOB_ZIP_INPUT_PATTERN.test(text), JSON.stringify(text)).toBe(
          readsAsZip(text) || isMissingZip(text),
        );
      }),
      { numRuns: 2000, seed: 20_261_129 },
    );
  });
});
