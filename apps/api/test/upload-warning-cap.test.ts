import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFile } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('roster import warnings', () => {
  it('are capped at 100 listed, followed by a count of the rest', async () => {
    const extra = Array.from({ length: 150 }, (_, i) => `extra_${i}`);
    const csv = `name,role,home_zip,${extra.join(',')}\nAda Park,lead,02115${',x'.repeat(150)}\n`;
    const res = await postFile(t, '/api/v1/physicists/import', 'p.csv', csv);
    expect(res.statusCode).toBe(200);
    const { warnings } = res.json<{ warnings: string[] }>();
    expect(warnings).toHaveLength(101);
    expect(warnings[100]).toBe('... and 50 more warnings');
  });
});
