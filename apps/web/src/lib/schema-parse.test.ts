import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JobListSchema, type JobRecord } from '@meridian/contracts';
import { hasFastChecker, parseWithSchema } from './schema-parse';

const job = (id: number): JobRecord => ({
  id,
  customer: `Site ${id}`,
  location: `Street ${id}`,
  zip_code: '10016',
  package: 'Linac QA',
  start: '2026-01-05',
  end: '2026-01-06',
  duration: 2,
  reason: '',
  version: 1,
  assigned_lead: null,
  assigned_lead_id: null,
  assigned_data_acq: 'Dr. Data',
  assigned_data_acq_id: 7,
  assigned_kit_id: null,
  assigned_kit_name: null,
  kit_location: null,
  region: 'Northeast',
  lead_pinned: false,
  data_acq_pinned: true,
  kit_pinned: false,
  phase: 'draft',
});

/** zod's own verdict: the parsed value, or the error's issues. */
function zodVerdict(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { issues: result.error.issues };
}

/** This module's verdict in the same shape. */
function fastVerdict(schema: z.ZodType, value: unknown) {
  try {
    return { value: parseWithSchema(schema, value) };
  } catch (error) {
    if (error instanceof z.ZodError) return { issues: error.issues };
    throw error;
  }
}

describe('parseWithSchema', () => {
  it('has a fast checker for the job list, the list /import opens', () => {
    expect(hasFastChecker(JobListSchema)).toBe(true);
  });

  it('answers what zod answers for a valid list: a copy with the schema keys in schema order, unknown keys dropped', () => {
    const list: unknown[] = [job(1), { ...job(2), extra: 'dropped', __proto__: { inherited: 1 } }];
    const parsed = parseWithSchema(JobListSchema, list);
    expect(parsed).toEqual(JobListSchema.parse(list));
    expect(Object.keys(parsed[1]!)).toEqual(Object.keys(JobListSchema.element.shape));
    expect(parsed[1]).not.toHaveProperty('extra');
    const emptyKey = [{ ...job(3), '': 1 }];
    expect(Object.keys(parseWithSchema(JobListSchema, emptyKey)[0]!)).not.toContain('');
    expect(list[1]).toHaveProperty('extra');
  });

  it('answers rows that already hold exactly the schema keys as they are, without copying', () => {
    const list = [job(1), job(2)];
    const parsed = parseWithSchema(JobListSchema, list);
    expect(parsed).toBe(list);
    expect(parsed).toEqual(JobListSchema.parse(list));
  });

  const wrongs: [string, (row: Record<string, unknown>) => void][] = [
    ['a string id', (row) => (row.id = '3')],
    ['a fractional id', (row) => (row.id = 3.5)],
    ['an id beyond a safe integer', (row) => (row.id = 2 ** 53)],
    ['a missing customer', (row) => delete row.customer],
    ['a null customer', (row) => (row.customer = null)],
    ['a start that is not YYYY-MM-DD', (row) => (row.start = '05/01/2026')],
    ['a numeric end', (row) => (row.end = 20260105)],
    ['a string pinned flag', (row) => (row.kit_pinned = 'false')],
    ['an undefined region', (row) => (row.region = undefined)],
  ];
  for (const [name, spoil] of wrongs) {
    it(`refuses ${name} with zod's own error, naming the row and field`, () => {
      const row: Record<string, unknown> = { ...job(2) };
      spoil(row);
      const list = [job(1), row, job(3)];
      const fast = fastVerdict(JobListSchema, list);
      expect(fast).toEqual(zodVerdict(JobListSchema, list));
      expect('issues' in fast && fast.issues?.[0]?.path[0]).toBe(1);
    });
  }

  it('refuses a non-array answer and a non-object row as zod does', () => {
    for (const value of [{ jobs: [] }, null, [job(1), 'row'], [[job(1)]]]) {
      const fast = fastVerdict(JobListSchema, value);
      expect('issues' in fast).toBe(true);
      expect(fast).toEqual(zodVerdict(JobListSchema, value));
    }
  });

  it('keeps the checks it supports: lengths, regexes, ints, enums and literals', () => {
    const schema = z.object({
      name: z.string().min(2).max(4),
      code: z.string().regex(/^[A-Z]+$/g),
      count: z.int(),
      nested: z.object({ at: z.array(z.number().int()).nullable(), tag: z.literal(null) }),
      role: z.enum(['lead', 'dataacq']),
      kind: z.literal('job'),
      ratio: z.number(),
    });
    expect(hasFastChecker(schema)).toBe(true);
    const good = {
      name: 'abc',
      code: 'AB',
      count: 3,
      nested: { at: [1, 2], tag: null },
      role: 'lead',
      kind: 'job',
      ratio: 0.5,
    };
    expect(parseWithSchema(schema, good)).toEqual(good);
    const nullAt = { ...good, nested: { at: null, tag: null, extra: 1 } };
    expect(parseWithSchema(schema, nullAt)).toEqual(schema.parse(nullAt));
    // A global regex keeps its lastIndex between tests; a second parse must still pass.
    expect(parseWithSchema(schema, good)).toEqual(good);
    for (const bad of [
      { ...good, name: 'a' },
      { ...good, name: 'abcde' },
      { ...good, code: 'ab' },
      { ...good, count: 1.5 },
      { ...good, role: 'admin' },
      { ...good, kind: 'kit' },
      { ...good, ratio: Infinity },
      { ...good, nested: null },
      { ...good, nested: { at: [1, 2.5], tag: null } },
      { ...good, nested: { at: null, tag: 'x' } },
      { ...good, nested: { at: 'x', tag: null } },
    ]) {
      const fast = fastVerdict(schema, bad);
      expect('issues' in fast).toBe(true);
      expect(fast).toEqual(zodVerdict(schema, bad));
    }
  });

  it('leaves schemas with parts it does not check to zod, which still transforms and refines', () => {
    const transformed = z.object({ day: z.string().transform((s) => s.length) });
    const refined = z.array(z.number()).refine((list) => list.length > 1, 'too short');
    const optional = z.object({ note: z.string().optional() });
    const strict = z.strictObject({ id: z.number() });
    for (const schema of [transformed, refined, optional, strict])
      expect(hasFastChecker(schema)).toBe(false);
    expect(parseWithSchema(transformed, { day: 'abc' })).toEqual({ day: 3 });
    expect(fastVerdict(refined, [1])).toEqual(zodVerdict(refined, [1]));
    expect(parseWithSchema(optional, {})).toEqual({});
    expect(fastVerdict(strict, { id: 1, more: 2 })).toEqual(zodVerdict(strict, { id: 1, more: 2 }));
  });
});
