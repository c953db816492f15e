import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_ROWS } from '../../src/io/issues';
import { parseScheduleCsv, parseScheduleXlsx } from '../../src/io/parse-schedule';
import { OPTIONS, expectOk } from './helpers';

const rows = (count: number): string =>
  Array.from({ length: count }, (_, i) => `Customer ${i},02115,2026-03-02`).join('\n');

describe('upload limits', () => {
  it('are 20 MB and 100,000 rows', () => {
    expect(MAX_UPLOAD_BYTES).toBe(20 * 1024 * 1024);
    expect(MAX_UPLOAD_ROWS).toBe(100_000);
  });

  it('accept exactly 100,000 rows and refuse one more, naming the limit', () => {
    const header = 'customer,zip,start\n';
    expect(expectOk(parseScheduleCsv(header + rows(MAX_UPLOAD_ROWS), OPTIONS)).jobs).toHaveLength(
      MAX_UPLOAD_ROWS,
    );
    const over = parseScheduleCsv(`${header}${rows(MAX_UPLOAD_ROWS + 1)}\n`, OPTIONS);
    expect(over).toMatchObject({ ok: false, kind: 'too_large', limit: 'rows', max: 100_000 });
    if (!over.ok && over.kind === 'too_large') expect(over.detail).toContain('100000 rows');
  });

  it('refuse more than 20 MB as text, as bytes and as xlsx, before reading', async () => {
    const big = `customer,start\n${'x'.repeat(MAX_UPLOAD_BYTES)}`;
    const expected = { ok: false, kind: 'too_large', limit: 'bytes', max: MAX_UPLOAD_BYTES };
    expect(parseScheduleCsv(big, OPTIONS)).toMatchObject(expected);
    expect(parseScheduleCsv(new Uint8Array(MAX_UPLOAD_BYTES + 1), OPTIONS)).toMatchObject(expected);
    expect(await parseScheduleXlsx(new Uint8Array(MAX_UPLOAD_BYTES + 1), OPTIONS)).toMatchObject(
      expected,
    );
    // Multi-byte characters count as bytes, not characters.
    const wide = `customer,start\n${'é'.repeat(MAX_UPLOAD_BYTES / 2)}`;
    expect(parseScheduleCsv(wide, OPTIONS)).toMatchObject(expected);
  });
});
