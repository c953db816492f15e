import { describe, expect, it } from 'vitest';
import { parseScheduleCsv } from '../../src/io/parse-schedule';
import { OPTIONS, expectOk } from '../schedule-io/helpers';

// The latency project (vitest.config.ts): serial, after every other project, and each
// bound at least 10 times the median measured (docs/testing.md).

describe('CSV import latency', () => {
  it('parses a 10,000-row file within 10 times its median time', () => {
    const text = `customer,location,zip,package,start,end,assigned_lead,comment\n${Array.from(
      { length: 10_000 },
      (_, i) =>
        `"Site ${i}, Inc.",Boston MA,0211${i % 10},Annual Linac QA,3/${(i % 28) + 1}/2026,2026-03-${String((i % 28) + 1).padStart(2, '0')},Ada Park,"note ""${i}"""`,
    ).join('\r\n')}\r\n`;
    const started = performance.now();
    const result = expectOk(parseScheduleCsv(text, OPTIONS));
    const ms = performance.now() - started;
    console.info(
      `10,000-row CSV (${(text.length / 1e6).toFixed(2)} MB) parsed in ${ms.toFixed(0)} ms`,
    );
    expect(result.jobs).toHaveLength(10_000);
    // Median 0.16 s alone: 5 s is over 30 times it.
    expect(ms).toBeLessThan(5000);
  });
});
