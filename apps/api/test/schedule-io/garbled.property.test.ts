import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../src/io/csv-reader';
import {
  parseScheduleCsv,
  parseScheduleXlsx,
  type ScheduleParseResult,
} from '../../src/io/parse-schedule';
import { readFirstSheet } from '../../src/io/xlsx/read-workbook';
import { OPTIONS } from './helpers';
import { writtenWorkbook } from './workbook-fixtures';

const VALID = [
  'record_type,customer,zip_code,start,end,physicist_name,comment',
  'job,"Mercy, Inc.",02115,2026-03-02,2026-03-03,,"a ""quoted"" note"',
  'pto,,,3/4/26,,Ada Park,',
  'job,Lakeside,n/a,2026-03-05,,,"two',
  'lines"',
].join('\r\n');

/** All or nothing: success holds one record per non-blank data row; failure holds no rows. */
function checkAllOrNothing(text: string, result: ScheduleParseResult): void {
  if (result.ok) {
    const dataRows = readCsv(text, Infinity, () => undefined).records.length - 1;
    expect(result.jobs.length + result.unavailability.length).toBe(dataRows);
  } else if (result.kind === 'invalid') {
    expect(result).not.toHaveProperty('jobs');
    expect(result.total_errors).toBeGreaterThan(0);
    expect(result.errors.length).toBe(Math.min(100, result.total_errors));
    for (const error of result.errors) expect(error.line).toBeGreaterThanOrEqual(1);
  }
}

describe('garbled files', () => {
  it('random text never throws and never gives a partial result', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        checkAllOrNothing(text, parseScheduleCsv(text, OPTIONS));
      }),
      { numRuns: 500 },
    );
  });

  it('random bytes never throw', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const result = parseScheduleCsv(bytes, OPTIONS);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });

  it('a valid file with random insertions and deletions never throws or half-succeeds', () => {
    const edit = fc.record({
      at: fc.nat({ max: VALID.length }),
      cut: fc.nat({ max: 3 }),
      insert: fc.constantFrom(
        '',
        '"',
        ',',
        '\n',
        '\r\n',
        '\uFEFF',
        'x',
        '2026-02-30',
        '/',
        '-',
        '\0',
      ),
    });
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 6 }), (edits) => {
        let text = VALID;
        for (const { at, cut, insert } of edits) {
          const position = Math.min(at, text.length);
          text = text.slice(0, position) + insert + text.slice(position + cut);
        }
        checkAllOrNothing(text, parseScheduleCsv(text, OPTIONS));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('garbled workbooks', () => {
  it('random or corrupted .xlsx bytes never throw; a failure carries no rows', async () => {
    const valid = await writtenWorkbook([
      ['customer', 'start'],
      ['A', '2026-03-02'],
      ['B', '2026-03-03'],
    ]);
    const corrupted = fc
      .array(
        fc.record({
          at: fc.nat({ max: valid.length - 1 }),
          byte: fc.integer({ min: 0, max: 255 }),
        }),
        {
          minLength: 1,
          maxLength: 8,
        },
      )
      .map((edits) => {
        const bytes = valid.slice();
        for (const { at, byte } of edits) bytes[at] = byte;
        return bytes;
      });
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uint8Array({ maxLength: 300 }), corrupted), async (bytes) => {
        // In-process: the thread is transport (its own tests are in xlsx-bomb.test.ts).
        const result = await parseScheduleXlsx(bytes, OPTIONS, readFirstSheet);
        if (result.ok) expect(result.jobs.length).toBeLessThanOrEqual(2);
        else expect(result).not.toHaveProperty('jobs');
      }),
      { numRuns: 150 },
    );
  });
});
