import { describe, expect, it } from 'vitest';
import { readCsv } from '../../src/io/csv-reader';

function read(text: string) {
  const errors: [number, number, string, string][] = [];
  const result = readCsv(text, 1000, (...e) => errors.push(e));
  return { ...result, errors };
}

describe('readCsv', () => {
  it('reads quoted commas, doubled quotes and newlines inside quotes', () => {
    const { records, errors } = read('a,b\r\n"x, y","say ""hi""\r\nthere"\r\nlast,row\r\n');
    expect(errors).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"\r\nthere'] },
      { line: 4, fields: ['last', 'row'] },
    ]);
  });

  it('drops a BOM and accepts LF, CRLF and lone CR line ends', () => {
    const { records } = read('\uFEFFh\n1\r\n2\r3');
    expect(records.map((r) => [r.line, r.fields[0]])).toEqual([
      [1, 'h'],
      [2, '1'],
      [3, '2'],
      [4, '3'],
    ]);
  });

  it('skips blank and all-empty lines but keeps counting them', () => {
    const { records } = read('h,i\n\n , \n1,2\n');
    expect(records).toEqual([
      { line: 1, fields: ['h', 'i'] },
      { line: 4, fields: ['1', '2'] },
    ]);
  });

  it('keeps a trailing empty field', () => {
    expect(read('a,b,').records[0]!.fields).toEqual(['a', 'b', '']);
  });

  it('reports an unclosed quote at the line where the field starts', () => {
    const { errors } = read('h\n"open\nmore\n');
    expect(errors).toEqual([[2, 0, 'open\nmore\n', 'a quoted field is never closed']]);
  });

  it('reports stray quotes and text after a closing quote', () => {
    const { errors } = read('h,i\nab"c,"x"y\n');
    expect(errors.map((e) => [e[0], e[1], e[3]])).toEqual([
      [2, 0, 'a quote inside an unquoted field'],
      [2, 1, 'text after the closing quote of a quoted field'],
    ]);
  });

  it('refuses spaces after a closing quote, which papaparse alone would drop', () => {
    const { errors } = read('a,b\n"x" ,y\n');
    expect(errors.map((e) => [e[0], e[1], e[3]])).toEqual([
      [2, 0, 'text after the closing quote of a quoted field'],
    ]);
  });

  it('keeps each line break of a quoted field and counts lines after a malformed record', () => {
    const { records, errors } = read('h,i\n"a\rb\r\nc",1\n"x"y,"z"\n2,3\n');
    expect(records[1]).toEqual({ line: 2, fields: ['a\rb\r\nc', '1'] });
    expect(records[records.length - 1]).toEqual({ line: 6, fields: ['2', '3'] });
    expect(errors.map((e) => [e[0], e[1], e[3]])).toEqual([
      [5, 0, 'text after the closing quote of a quoted field'],
    ]);
  });

  it('stops at the record limit', () => {
    const result = readCsv('h\n1\n2\n3\n', 3, () => undefined);
    expect(result.overLimit).toBe(true);
    expect(result.records).toHaveLength(3);
  });
});
