import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheet } from 'read-excel-file/node';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { signInByToken } from '../support/app';
import {
  clearSchedule,
  downloadBytes,
  exportAs,
  replaceSchedule,
} from '../support/scheduling-data';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

const CSV = [
  'record_type,customer,location,zip_code,package,start,end,comment,physicist_name',
  'job,Export Clinic,Chicago,60601,Shielding,2029-09-04,2029-09-05,Ask Nguyễn Văn An,',
  'job,Export Annex,Chicago,60601,CT Survey,2029-09-10,2029-09-10,,',
  'unavailability,,,,,2029-09-01,2029-09-03,,Export Away',
].join('\n');

const DATAMANAGEMENT_HEADER = [
  'record_type',
  'customer',
  'location',
  'zip_code',
  'package',
  'start',
  'end',
  'duration',
  'assigned_lead',
  'assigned_data_acq',
  'assigned_kit',
  'comment',
  'physicist_name',
];
const DATAMANAGEMENT_ROW = [
  'job',
  'Export Clinic',
  'Chicago',
  '60601',
  'Shielding',
  '2029-09-04',
  '2029-09-05',
  '2',
  '',
  '',
  '',
  'Ask Nguyễn Văn An',
  '',
];
const SCHEDULE_HEADER = [
  'customer',
  'location',
  'zip_code',
  'region',
  'package',
  'start',
  'end',
  'duration',
  'candidates',
  'assigned_lead',
  'assigned_data_acq',
  'assigned_kit',
  'comment',
];
const SCHEDULE_ROW = [
  'Export Clinic',
  'Chicago',
  '60601',
  'Midwest',
  'Shielding',
  '2029-09-04',
  '2029-09-05',
  '2',
  '',
  '',
  '',
  '',
  'Ask Nguyễn Văn An',
];

beforeAll(() => replaceSchedule(CSV));
afterAll(() => clearSchedule());

/** The CSV's lines split into fields (the test data holds no quotes or commas). */
function csvLines(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

/**
 * The first sheet's rows as text, empty cells as '', read by another program
 * (read-excel-file): dates as YYYY-MM-DD, numbers as their decimal text.
 */
async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const rows = await readSheet(bytes);
  const width = Math.max(...rows.map((row) => row.length));
  const text = (cell: unknown): string =>
    cell instanceof Date
      ? cell.toISOString().slice(0, 10)
      : typeof cell === 'string' || typeof cell === 'number' || typeof cell === 'boolean'
        ? String(cell)
        : '';
  return rows.map((row) => Array.from({ length: width }, (_, i) => text(row[i])));
}

/** Width and height of the first page, from its /MediaBox [x0 y0 x1 y1]. */
function pdfPageSize(bytes: Buffer): { width: number; height: number } {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  const box = /\/MediaBox\s*\[\s*([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s*\]/.exec(text);
  if (!box) throw new Error('no /MediaBox in the PDF');
  const [x0, y0, x1, y1] = box.slice(1).map(Number) as [number, number, number, number];
  return { width: x1 - x0, height: y1 - y0 };
}

/** The PDF's text as pdftotext reads it (scripts/ensure-test-tools.mjs installs poppler-utils). */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'meridian-e2e-pdf-'));
  try {
    const file = path.join(dir, 'export.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function open(p: Page, as: 'admin' | 'manager' | 'regular', path: string, ready: string) {
  await signInByToken(p, provided(as));
  await p.goto(path);
  await p.getByText(ready).first().waitFor();
}

describe('exports', () => {
  it('Data Management as CSV: the upload columns, a job row and a leave row', async () => {
    await open(page(), 'admin', '/import', 'Showing 2 of 2 total jobs');
    const download = await exportAs(page(), 'CSV');
    expect(download.suggestedFilename()).toBe('datamanagement_export.csv');
    const [header, ...rows] = csvLines(await downloadBytes(download));
    expect(header).toEqual(DATAMANAGEMENT_HEADER);
    expect(rows).toContainEqual(DATAMANAGEMENT_ROW);
    expect(rows).toContainEqual([
      'unavailability',
      ...['', '', '', ''],
      '2029-09-01',
      '2029-09-03',
      '3',
      ...['', '', '', ''],
      'Export Away',
    ]);
    expect(rows).toHaveLength(3);
  });

  it('Data Management as XLSX: the same header and job row in the first sheet', async () => {
    await open(page(), 'manager', '/import', 'Showing 2 of 2 total jobs');
    const download = await exportAs(page(), 'XLSX');
    expect(download.suggestedFilename()).toBe('datamanagement_export.xlsx');
    const [header, ...rows] = await xlsxRows(await downloadBytes(download));
    expect(header).toEqual(DATAMANAGEMENT_HEADER);
    expect(rows).toContainEqual(DATAMANAGEMENT_ROW);
  });

  it('the schedule as CSV and XLSX: the job with its region and comment', async () => {
    await open(page(), 'manager', '/schedule', 'Showing 2 of 2 total jobs');
    const csv = await exportAs(page(), 'CSV');
    expect(csv.suggestedFilename()).toBe('schedule_export.csv');
    const [csvHeader, ...csvRows] = csvLines(await downloadBytes(csv));
    expect(csvHeader).toEqual(SCHEDULE_HEADER);
    expect(csvRows).toContainEqual(SCHEDULE_ROW);

    const xlsx = await exportAs(page(), 'XLSX');
    expect(xlsx.suggestedFilename()).toBe('schedule_export.xlsx');
    const [xlsxHeader, ...xlsxBody] = await xlsxRows(await downloadBytes(xlsx));
    expect(xlsxHeader).toEqual(SCHEDULE_HEADER);
    expect(xlsxBody).toContainEqual(SCHEDULE_ROW);
  });

  it('Data Management as PDF (10 columns): a landscape US Letter page that prints every name', async () => {
    await open(page(), 'admin', '/import', 'Showing 2 of 2 total jobs');
    const wide = await exportAs(page(), 'PDF');
    expect(wide.suggestedFilename()).toBe('datamanagement_export.pdf');
    const bytes = await downloadBytes(wide);
    // 11 x 8.5 in, in points.
    expect(pdfPageSize(bytes)).toEqual({ width: 792, height: 612 });
    const text = pdfText(bytes);
    expect(text).toContain('Export Clinic');
    expect(text).toContain('Ask Nguyễn Văn An');
  });

  it('Unavailabilities as PDF (4 columns): a portrait page, on A4 once A4 is chosen', async () => {
    await open(page(), 'regular', '/unavailability', 'Export Away');
    await page().getByRole('button', { name: 'Export' }).click();
    const a4 = page().getByRole('menuitemradio', { name: 'PDF paper: A4' });
    await a4.click();
    expect(await a4.getAttribute('aria-checked')).toBe('true');
    await page().keyboard.press('Escape');
    const narrow = await exportAs(page(), 'PDF');
    expect(narrow.suggestedFilename()).toBe('unavailability_export.pdf');
    const portrait = pdfPageSize(await downloadBytes(narrow));
    // 210 x 297 mm, in points.
    expect(portrait.width).toBeCloseTo(595.28, 1);
    expect(portrait.height).toBeCloseTo(841.89, 1);
  });
});
