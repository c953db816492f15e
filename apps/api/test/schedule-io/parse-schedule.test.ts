import { describe, expect, it } from 'vitest';
import { parseReason } from '@meridian/domain';
import { parseScheduleCsv } from '../../src/io/parse-schedule';
import { OPTIONS, expectInvalid, expectOk } from './helpers';

const parse = (text: string | Uint8Array) => parseScheduleCsv(text, OPTIONS);

describe('parseScheduleCsv: reading the file', () => {
  it('reads a plain job file with derived end and duration', () => {
    const { jobs, unavailability, warnings } = expectOk(
      parse(
        'customer,location,zip_code,package,start\nMercy,Boston,02115,CT Annual Survey,2026-03-02\n',
      ),
    );
    expect(unavailability).toEqual([]);
    expect(warnings).toEqual([]);
    expect(jobs).toEqual([
      {
        customer: 'Mercy',
        location: 'Boston',
        zip_code: '02115',
        package: 'CT Annual Survey',
        start: '2026-03-02',
        end: '2026-03-02',
        duration: 1,
        reason: '',
        assigned_lead: null,
        assigned_data_acq: null,
        assigned_kit_name: null,
      },
    ]);
  });

  it('accepts a BOM, CRLF, bytes, and quoted commas and newlines', () => {
    const text = '\uFEFFcustomer,location,start\r\n"Mercy, Inc.","Line 1\r\nLine 2",2026-03-02\r\n';
    for (const input of [text, new TextEncoder().encode(text)]) {
      const { jobs } = expectOk(parse(input));
      expect(jobs[0]!.customer).toBe('Mercy, Inc.');
      expect(jobs[0]!.location).toBe('Line 1\r\nLine 2');
    }
  });

  it('takes header aliases, any case and surrounding spaces', () => {
    const { jobs, unavailability } = expectOk(
      parse(
        ' TYPE ,Customer,ZIP,Start_Date,END_DATE,Notes,Physicist\n' +
          'job,A,02115,2026-03-02,2026-03-03,hello,\n' +
          'PTO,,,2026-03-04,,,Ada Park\n' +
          'vacation,,,2026-03-05,,,Ben Okafor\n' +
          'off,,,2026-03-06,,,Cara Lind\n' +
          'Leave,,,2026-03-07,,,Ada Park\n' +
          'unavailability,,,2026-03-08,,,Ada Park\n',
      ),
    );
    expect(jobs[0]).toMatchObject({ customer: 'A', end: '2026-03-03', duration: 2 });
    expect(parseReason(jobs[0]!.reason).comment).toBe('hello');
    expect(unavailability.map((u) => u.start_date)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    for (const alias of ['zipcode', 'postal_code']) {
      expect(expectOk(parse(`customer,${alias},start\nA,2115,2026-03-02`)).jobs[0]!.zip_code).toBe(
        '02115',
      );
    }
    for (const alias of ['comments', 'comment']) {
      const {
        jobs: [job],
      } = expectOk(parse(`customer,start,${alias}\nA,2026-03-02,note`));
      expect(parseReason(job!.reason).comment).toBe('note');
    }
    const named = expectOk(parse('type,name,start\npto,Ada Park,2026-03-02'));
    expect(named.unavailability[0]!.physicist_name).toBe('Ada Park');
  });

  it('reads the three date formats', () => {
    const { jobs } = expectOk(
      parse('customer,start,end\nA,2026-03-02,3/4/2026\nB,3/2/26,03/05/26\nC,2026-3-2,\n'),
    );
    expect(jobs.map((j) => [j.start, j.end, j.duration])).toEqual([
      ['2026-03-02', '2026-03-04', 3],
      ['2026-03-02', '2026-03-05', 4],
      ['2026-03-02', '2026-03-02', 1],
    ]);
  });

  it('normalises ZIP+4 and lost leading zeros', () => {
    const { jobs } = expectOk(
      parse(
        'customer,zip,start\nA,02115-1234,2026-03-02\nB,2115,2026-03-02\nC,501,2026-03-02\nD,2115-1234,2026-03-02\nE,021151234,2026-03-02\n',
      ),
    );
    expect(jobs.map((j) => j.zip_code)).toEqual(['02115', '02115', '00501', '02115', '02115']);
  });

  it('derives the end from a duration when there is no end', () => {
    const { jobs } = expectOk(parse('customer,start,duration\nA,2026-02-27,3\n'));
    expect(jobs[0]).toMatchObject({ start: '2026-02-27', end: '2026-03-01', duration: 3 });
  });
});

describe('parseScheduleCsv: warnings', () => {
  it('imports missing zips with a warning', () => {
    const { jobs, warnings, total_warnings } = expectOk(
      parse(
        'customer,zip_code,start\nA,,2026-03-02\nB,n/a,2026-03-02\nC,None,2026-03-02\nD,0,2026-03-02\nE,null,2026-03-02\n',
      ),
    );
    expect(jobs).toHaveLength(5);
    expect(total_warnings).toBe(5);
    expect(warnings.map((w) => [w.line, w.column])).toEqual([
      [2, 'zip_code'],
      [3, 'zip_code'],
      [4, 'zip_code'],
      [5, 'zip_code'],
      [6, 'zip_code'],
    ]);
  });

  it('keeps unmatched assigned names as text and matches known ones case-insensitively', () => {
    const { jobs, warnings } = expectOk(
      parse(
        'customer,zip,start,assigned_lead,assigned_data_acq,assigned_kit\nA,02115,2026-03-02,ada park,Nobody,Kit 99\n',
      ),
    );
    expect(jobs[0]).toMatchObject({
      assigned_lead: 'Ada Park',
      assigned_data_acq: 'Nobody',
      assigned_kit_name: 'Kit 99',
    });
    expect(warnings.map((w) => [w.line, w.column, w.value])).toEqual([
      [2, 'assigned_data_acq', 'Nobody'],
      [2, 'assigned_kit', 'Kit 99'],
    ]);
  });

  it('warns about unknown columns, unknown zips, unknown leave names and a mismatched duration', () => {
    const result = expectOk(
      parseScheduleCsv(
        'type,customer,zip,start,end,duration,physicist_name,colour\njob,A,99999,2026-03-02,2026-03-03,5,,red\npto,,,2026-03-02,,,Zed,\n',
        { ...OPTIONS, knownZip: (zip) => zip !== '99999' },
      ),
    );
    expect(result.jobs[0]!.duration).toBe(2);
    expect(result.warnings.map((w) => [w.line, w.column])).toEqual([
      [1, 'colour'],
      [2, 'zip'],
      [2, 'duration'],
      [3, 'physicist_name'],
    ]);
  });
});

describe('parseScheduleCsv: errors reject the whole file', () => {
  it('lists bad, impossible and out-of-order dates with line, column and value', () => {
    const result = expectInvalid(
      parse(
        'customer,start,end\nA,2026-13-01,\n"B\nwith a newline",2026-02-30,\nC,2026-03-05,2026-03-04\nD,yesterday,\nE,2/29/27,\nF,2028-02-29,\n',
      ),
    );
    expect(result.total_errors).toBe(5);
    expect(result.errors.map((e) => [e.line, e.column, e.value])).toEqual([
      [2, 'start', '2026-13-01'],
      [3, 'start', '2026-02-30'],
      [5, 'end', '2026-03-04'],
      [6, 'start', 'yesterday'],
      [7, 'start', '2/29/27'],
    ]);
    expect(result.errors[2]!.message).toContain('before start');
  });

  it('requires a customer for jobs and a name for leave rows', () => {
    const result = expectInvalid(
      parse('type,customer,name,start\njob,,,2026-03-02\npto,,,2026-03-02\n'),
    );
    expect(result.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'customer'],
      [3, 'name'],
    ]);
  });

  it('refuses missing columns, unknown record types, bad zips, bad durations and extra fields', () => {
    expect(expectInvalid(parse('customer\nA\n')).errors[0]).toMatchObject({
      line: 1,
      column: 'start',
    });
    expect(expectInvalid(parse('start\n2026-03-02\n')).errors[0]!.message).toContain('customer');
    expect(
      expectInvalid(parse('type,customer,start\nmeeting,A,2026-03-02\n')).errors[0],
    ).toMatchObject({ line: 2, column: 'type', value: 'meeting' });
    expect(expectInvalid(parse('customer,zip,start\nA,12,2026-03-02\n')).errors[0]).toMatchObject({
      column: 'zip',
      value: '12',
    });
    expect(
      expectInvalid(parse('customer,start,duration\nA,2026-03-02,1.5\n')).errors[0]!.column,
    ).toBe('duration');
    expect(expectInvalid(parse('customer,start\nA,2026-03-02,surprise\n')).errors[0]!.line).toBe(2);
    expect(
      expectInvalid(parse('customer,start,start_date\nA,2026-03-02,2026-03-02\n')).errors[0]!
        .message,
    ).toContain('more than once');
  });

  it('refuses empty files, header-only files and broken UTF-16', () => {
    expect(expectInvalid(parse('')).errors[0]!.line).toBe(1);
    expect(expectInvalid(parse('customer,start\n')).total_errors).toBe(1);
    // A UTF-16 byte order mark, then a lone surrogate: other bytes that are not UTF-8 are read as
    // Windows-1252 (apps/api/test/upload-encodings.test.ts).
    expect(
      expectInvalid(parse(new Uint8Array([0xff, 0xfe, 0x00, 0xd8, 0x0a, 0x00]))).errors[0]!.message,
    ).toContain('UTF-16');
  });

  it('reports malformed quoting with the header name', () => {
    const result = expectInvalid(parse('customer,start\nA"b,2026-03-02\n'));
    expect(result.errors[0]).toMatchObject({ line: 2, column: 'customer', value: 'A"b' });
  });

  it('lists at most 100 errors and gives the total', () => {
    const rows = Array.from({ length: 250 }, (_, i) => `C${i},not-a-date`).join('\n');
    const result = expectInvalid(parse(`customer,start\n${rows}\n`));
    expect(result.errors).toHaveLength(100);
    expect(result.total_errors).toBe(250);
    expect(result.errors[99]!.line).toBe(101);
  });
});
