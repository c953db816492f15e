import type { JobRecord } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// One past the database's integer columns (ids and versions are 32-bit), and far past it.
const TOO_BIG = ['2147483648', '99999999999999999999'];

describe('ids and versions beyond the integer range', () => {
  it('answer 400 with a detail in paths', async () => {
    for (const id of TOO_BIG) {
      for (const [method, url] of [
        ['PUT', `/api/v1/jobs/${id}`],
        ['DELETE', `/api/v1/jobs/${id}`],
        ['DELETE', `/api/v1/physicists/${id}`],
        ['DELETE', `/api/v1/kits/${id}`],
        ['DELETE', `/api/v1/availability/${id}`],
        ['DELETE', `/api/v1/admin/users/${id}`],
      ] as const) {
        const body = method === 'PUT' ? { customer: 'x', version: 1 } : undefined;
        const res = await call(t, method, url, body, 'admin');
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json<{ detail: string }>().detail).toEqual(expect.any(String));
      }
    }
  });

  it('answer 400 in bodies: versions and assigned ids', async () => {
    const job = (await call(t, 'POST', '/api/v1/jobs/')).json<JobRecord>();
    const stale = await call(t, 'PUT', `/api/v1/jobs/${job.id}`, { ...job, version: 2 ** 31 });
    expect(stale.statusCode).toBe(400);
    const manual = await call(t, 'POST', '/api/v1/assignments/manual', {
      job_id: job.id,
      role: 'lead',
      physicist_id: 2 ** 31,
    });
    expect(manual.statusCode).toBe(400);
    const kit = await call(t, 'POST', '/api/v1/kits/manual_override', {
      job_id: 2 ** 40,
      kit_id: null,
    });
    expect(kit.statusCode).toBe(400);
    // The job is untouched.
    const after = await call(t, 'PUT', `/api/v1/jobs/${job.id}`, { ...job, customer: 'ok' });
    expect(after.statusCode).toBe(200);
  });
});
