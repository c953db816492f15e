import type { JobRecord } from '@meridian/contracts';
import type { Physicist } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectText } from '../src/io/text-input';
import { addPhysicist, call, listJobs, postFile } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

// Names Excel users type: Latin-1 letters, and a curly apostrophe (0x92 in Windows-1252, U+2019).
const CUSTOMER = 'Clínica São José';
const COMMENT = 'Ask for Zoë Müller’s team';
const CSV =
  'customer,zip_code,start,end,assigned_lead,comment\r\n' +
  `${CUSTOMER},10001,2026-03-02,2026-03-03,Søren Ødegård,${COMMENT}\r\n`;

/** Windows-1252 bytes: Latin-1 for the letters here, and 0x92 for the apostrophe. */
function windows1252(text: string): Buffer {
  return Buffer.from(Array.from(text, (c) => (c === '’' ? 0x92 : c.charCodeAt(0))));
}
function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
  return le;
}

/** The same file as each encoding saves it, with the encoding the answer must name. */
const FILES: [string, Buffer][] = [
  ['UTF-8', Buffer.from(CSV, 'utf8')],
  ['UTF-8', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CSV, 'utf8')])],
  ['UTF-16LE', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CSV, 'utf16le')])],
  ['UTF-16BE', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(CSV)])],
  ['Windows-1252', windows1252(CSV)],
];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { importRatePerMinute: 1000 } });
  await addPhysicist(t, 'Søren Ødegård', 'lead', '10001');
});
afterAll(async () => {
  await t.close();
});

describe('CSV uploads in the encodings Excel saves', () => {
  it('read UTF-8 with or without a BOM, UTF-16 with a BOM and Windows-1252 alike, and say which', async () => {
    // The premise: the Windows-1252 file is not valid UTF-8, so reading it as UTF-8 would fail.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(windows1252(CSV))).toThrow();
    for (const [encoding, bytes] of FILES) {
      const res = await postFile(t, '/api/v1/schedules/upload', 'names.csv', bytes);
      expect(res.statusCode, encoding).toBe(200);
      const answer = res.json<{ encoding: string; warnings: string[]; jobs_added: number }>();
      expect(answer.encoding).toBe(encoding);
      expect(answer.jobs_added).toBe(1);
      const told = answer.warnings.some((w) => w.includes(`read as ${encoding}`));
      expect(told, `${encoding}: ${answer.warnings.join(' | ')}`).toBe(encoding !== 'UTF-8');
      const [job] = await listJobs(t);
      expect(job).toMatchObject<Partial<JobRecord>>({
        customer: CUSTOMER,
        assigned_lead: 'Søren Ødegård',
      });
      expect(job!.reason).toContain(COMMENT);
    }
  });

  it('the roster import reads Windows-1252 too', async () => {
    const csv = 'name,role,home_zip\r\nZoë Müller,dataacq,02115\r\nJosé O’Neil,lead,60601\r\n';
    const res = await postFile(t, '/api/v1/physicists/import', 'roster.csv', windows1252(csv));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ encoding: string; added: number }>()).toMatchObject({
      encoding: 'Windows-1252',
      added: 2,
    });
    const names = (await call(t, 'GET', '/api/v1/physicists/'))
      .json<Physicist[]>()
      .map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Zoë Müller', 'José O’Neil']));
  });

  it('a file with a UTF-16 mark that is not UTF-16 is refused, naming the encoding, and changes nothing', async () => {
    const before = await listJobs(t);
    // A lone high surrogate (D800) after the mark.
    const broken = Buffer.from([0xff, 0xfe, 0x61, 0x00, 0x00, 0xd8, 0x62, 0x00]);
    expect(detectText(broken)).toBeNull();
    const res = await postFile(t, '/api/v1/schedules/upload', 'broken.csv', broken);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain('UTF-16');
    expect(await listJobs(t)).toEqual(before);
  });
});
