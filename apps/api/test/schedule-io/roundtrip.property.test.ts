import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeReason, parseReason, type Job, type Unavailability } from '@meridian/domain';
import { buildExport } from '../../src/io/export';
import { addDays } from '../../src/io/date-input';
import { parseScheduleCsv, parseScheduleXlsx } from '../../src/io/parse-schedule';
import { readFirstSheet } from '../../src/io/xlsx/read-workbook';
import { OPTIONS, expectOk, storedJob } from './helpers';

// Characters that break naive CSV writers and readers, and formula starts.
const NASTY_CHARS = [
  ',',
  '"',
  '\n',
  '\r',
  '\r\n',
  '=',
  '+',
  '-',
  '@',
  "'",
  '\t',
  ' ',
  'a',
  'Z',
  'é',
  '0',
  '|',
  ';',
];
const nasty = (unit = fc.constantFrom(...NASTY_CHARS)) =>
  fc.array(unit, { maxLength: 12 }).map((parts) => parts.join(''));
const nonBlank = (text: fc.Arbitrary<string>) => text.filter((s) => s.trim() !== '');
const names = [...OPTIONS.physicistNames];
const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2020-01-01', n));

function jobArbitrary(text: fc.Arbitrary<string>): fc.Arbitrary<Job> {
  return fc
    .record({
      customer: nonBlank(text),
      location: text,
      zip_code: fc.constantFrom('02115', '10001', '00501', '', 'n/a', '0'),
      package: text,
      start: day,
      days: fc.integer({ min: 1, max: 5 }),
      comment: text,
      lead: fc.option(fc.oneof(fc.constantFrom(...names), nonBlank(text)), { nil: null }),
      acq: fc.option(fc.constantFrom(...names), { nil: null }),
      kit: fc.option(nonBlank(text), { nil: null }),
    })
    .map((r) =>
      storedJob({
        id: 1,
        customer: r.customer,
        location: r.location,
        zip_code: r.zip_code,
        package: r.package,
        start: r.start,
        end: addDays(r.start, r.days - 1),
        duration: r.days,
        reason: composeReason({
          summary: 'Lead: Ada Park (3 mi) | Acq: unassigned',
          comment: r.comment,
        }),
        assigned_lead: r.lead,
        assigned_data_acq: r.acq,
        assigned_kit_name: r.kit,
      }),
    );
}

function leaveArbitrary(text: fc.Arbitrary<string>): fc.Arbitrary<Unavailability> {
  return fc
    .record({ name: nonBlank(text), start: day, days: fc.integer({ min: 1, max: 14 }) })
    .map((r) => ({
      id: 1,
      physicist_name: r.name,
      start_date: r.start,
      end_date: addDays(r.start, r.days - 1),
    }));
}

/** What an import must give back: the same data, trimmed (the importer trims every cell). */
function expected(jobs: Job[], leave: Unavailability[]) {
  const canonical = (name: string | null) => {
    if (name === null || name.trim() === '') return null;
    return names.find((n) => n.toLowerCase() === name.trim().toLowerCase()) ?? name.trim();
  };
  return {
    jobs: jobs.map((job) => ({
      customer: job.customer.trim(),
      location: job.location.trim(),
      zip_code: job.zip_code,
      package: job.package.trim(),
      start: job.start,
      end: job.end,
      duration: job.duration,
      reason: composeReason({ comment: parseReason(job.reason).comment }),
      assigned_lead: canonical(job.assigned_lead),
      assigned_data_acq: canonical(job.assigned_data_acq),
      assigned_kit_name: job.assigned_kit_name?.trim() || null,
    })),
    unavailability: leave.map((u) => ({
      physicist_name: canonical(u.physicist_name),
      start_date: u.start_date,
      end_date: u.end_date,
    })),
  };
}

describe('Data Management export re-imports to the same data', () => {
  it('through CSV, for any job set with nasty strings', () => {
    fc.assert(
      fc.property(
        fc.array(jobArbitrary(nasty()), { maxLength: 15 }),
        fc.array(leaveArbitrary(nasty()), { maxLength: 5 }),
        (jobs, leave) => {
          fc.pre(jobs.length + leave.length > 0);
          const file = buildExport('datamanagement', 'csv', { jobs, unavailability: leave });
          const result = expectOk(parseScheduleCsv(file.body, OPTIONS));
          expect({ jobs: result.jobs, unavailability: result.unavailability }).toEqual(
            expected(jobs, leave),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('through XLSX, for job sets with printable nasty strings', async () => {
    // XML 1.0 cannot hold NUL or most control characters, so the XLSX run uses
    // the printable part of the alphabet plus tab and line feed.
    const printable = nasty(fc.constantFrom(...NASTY_CHARS.filter((c) => !c.includes('\r'))));
    await fc.assert(
      fc.asyncProperty(
        fc.array(jobArbitrary(printable), { minLength: 1, maxLength: 8 }),
        fc.array(leaveArbitrary(printable), { maxLength: 3 }),
        async (jobs, leave) => {
          const file = buildExport('datamanagement', 'xlsx', { jobs, unavailability: leave });
          const result = expectOk(await parseScheduleXlsx(file.body, OPTIONS, readFirstSheet));
          expect({ jobs: result.jobs, unavailability: result.unavailability }).toEqual(
            expected(jobs, leave),
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it("keeps a customer literally named -Foo, =Foo or '-Foo", () => {
    const jobs = ['-Foo', '=Foo', "'-Foo", "''x", '@x'].map((customer, id) =>
      storedJob({ id, customer }),
    );
    const file = buildExport('datamanagement', 'csv', { jobs, unavailability: [] });
    expect(file.body.toString()).toContain("\r\njob,'-Foo,");
    expect(expectOk(parseScheduleCsv(file.body, OPTIONS)).jobs.map((j) => j.customer)).toEqual([
      '-Foo',
      '=Foo',
      "'-Foo",
      "''x",
      '@x',
    ]);
  });
});
