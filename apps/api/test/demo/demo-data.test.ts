import { describe, expect, it } from 'vitest';
import { dayNumber, includesWeekend, isMissingZip, parseReason } from '@meridian/domain';
import { DEMO_COUNTS, DEMO_WINDOW_DAYS, generateDemoData } from '../../src/demo/demo-data';
import { DEMO_METROS, KIT_BASES } from '../../src/demo/demo-data-catalogue';
import { buildExport } from '../../src/io/export';
import { parseScheduleCsv } from '../../src/io/parse-schedule';
import { isKnownZip } from '../../src/io/zip-table';

const TODAY = '2026-11-22';
const data = generateDemoData({ today: TODAY });

describe('demo data generator', () => {
  it('is deterministic for a seed and today, and differs for another seed', () => {
    expect(generateDemoData({ today: TODAY })).toEqual(data);
    expect(generateDemoData({ today: TODAY, seed: 7 }).jobs).not.toEqual(data.jobs);
  });

  it('has the promised sizes', () => {
    expect(data.physicists).toHaveLength(DEMO_COUNTS.physicists);
    expect(data.kits).toHaveLength(DEMO_COUNTS.kits);
    expect(data.jobs).toHaveLength(DEMO_COUNTS.jobs);
    expect(data.unavailability).toHaveLength(DEMO_COUNTS.unavailability);
  });

  it('has unique names, both roles and homes spread over the country', () => {
    const names = data.physicists.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    const leads = data.physicists.filter((p) => p.role === 'lead').length;
    expect(leads).toBe(20);
    expect(new Set(data.physicists.map((p) => p.home_zip.slice(0, 1))).size).toBeGreaterThanOrEqual(
      9,
    );
    expect(new Set(data.kits.map((k) => k.name)).size).toBe(12);
  });

  it('uses only zips the zip table knows, except the ~1% deliberately missing', () => {
    const catalogue = [...DEMO_METROS.flatMap((m) => [...m.sites, ...m.homes]), ...KIT_BASES];
    expect(catalogue.filter((zip) => !isKnownZip(zip))).toEqual([]);
    expect(data.physicists.every((p) => isKnownZip(p.home_zip))).toBe(true);
    expect(data.kits.every((k) => isKnownZip(k.current_location_zip))).toBe(true);
    const missing = data.jobs.filter((j) => isMissingZip(j.zip_code));
    expect(missing).toHaveLength(6);
    expect(
      data.jobs.filter((j) => !isMissingZip(j.zip_code)).every((j) => isKnownZip(j.zip_code)),
    ).toBe(true);
  });

  it('has exactly one kit in maintenance, with a comment saying why', () => {
    const out = data.kits.filter((k) => k.is_out_for_maintenance);
    expect(out).toHaveLength(1);
    expect(out[0]!.comments).not.toBe('');
  });

  it('books 1-3 day visits, mostly on weekdays, within six months around today', () => {
    const today = dayNumber(TODAY);
    for (const job of data.jobs) {
      expect(job.duration).toBeGreaterThanOrEqual(1);
      expect(job.duration).toBeLessThanOrEqual(3);
      expect(dayNumber(job.end) - dayNumber(job.start) + 1).toBe(job.duration);
      expect(Math.abs(dayNumber(job.start) - today)).toBeLessThanOrEqual(DEMO_WINDOW_DAYS + 7);
    }
    const weekend = data.jobs.filter((j) => includesWeekend(j.start, j.end)).length;
    expect(weekend).toBeGreaterThan(10);
    expect(weekend).toBeLessThan(data.jobs.length * 0.15);
    expect(data.jobs.filter((j) => j.start < TODAY).length).toBeGreaterThan(200);
    expect(data.jobs.filter((j) => j.start >= TODAY).length).toBeGreaterThan(200);
  });

  it('has repeat customers and a spread of packages and comments', () => {
    const visits = new Map<string, number>();
    for (const job of data.jobs) visits.set(job.customer, (visits.get(job.customer) ?? 0) + 1);
    expect(visits.size).toBeGreaterThan(60);
    expect([...visits.values()].filter((n) => n >= 5).length).toBeGreaterThan(20);
    expect(new Set(data.jobs.map((j) => j.package)).size).toBeGreaterThanOrEqual(12);
    const commented = data.jobs.filter((j) => parseReason(j.reason).comment !== '').length;
    expect(commented).toBeGreaterThan(20);
  });

  it('gives leave only to demo physicists, never overlapping for one person', () => {
    const names = new Set(data.physicists.map((p) => p.name));
    const byPerson = new Map<string, { start: string; end: string }[]>();
    for (const u of data.unavailability) {
      expect(names.has(u.physicist_name)).toBe(true);
      expect(u.end_date >= u.start_date).toBe(true);
      const spans = byPerson.get(u.physicist_name) ?? [];
      for (const s of spans) expect(u.start_date > s.end || u.end_date < s.start).toBe(true);
      spans.push({ start: u.start_date, end: u.end_date });
      byPerson.set(u.physicist_name, spans);
    }
  });

  it("states a tenth of the physicists' preferences: a weekday and a few dates ahead", () => {
    expect(data.preferences).toHaveLength(DEMO_COUNTS.preferences);
    const names = new Set(data.physicists.map((p) => p.name));
    for (const p of data.preferences) {
      expect(names.has(p.physicist_name)).toBe(true);
      expect(p.avoid_weekdays.every((d) => d === 1 || d === 5)).toBe(true);
      expect(p.avoid_dates.length).toBeGreaterThanOrEqual(1);
      for (const date of p.avoid_dates) {
        const ahead = dayNumber(date) - dayNumber(TODAY);
        expect(ahead).toBeGreaterThanOrEqual(7);
        expect(ahead).toBeLessThanOrEqual(DEMO_WINDOW_DAYS);
      }
    }
  });

  it("staffs the past as the team's history: the right roles, each free on its days; the rest open", () => {
    const role = new Map(data.physicists.map((p) => [p.name, p.role]));
    const taken = new Map<string, { start: string; end: string }[]>();
    for (const u of data.unavailability)
      taken.set(u.physicist_name, [
        ...(taken.get(u.physicist_name) ?? []),
        { start: u.start_date, end: u.end_date },
      ]);
    let staffed = 0;
    for (const job of data.jobs) {
      const past = job.start < TODAY;
      if (!past) {
        expect([job.assigned_lead, job.assigned_data_acq]).toEqual([null, null]);
        continue;
      }
      if (!isMissingZip(job.zip_code)) {
        expect(job.assigned_lead, `${job.customer} ${job.start}`).not.toBeNull();
        expect(job.assigned_data_acq, `${job.customer} ${job.start}`).not.toBeNull();
      }
      for (const [name, slot] of [
        [job.assigned_lead, 'lead'],
        [job.assigned_data_acq, 'dataacq'],
      ] as const) {
        if (name === null) continue;
        expect(role.get(name)).toBe(slot);
        const days = taken.get(name) ?? [];
        expect(days.some((d) => d.start <= job.end && job.start <= d.end)).toBe(false);
        taken.set(name, [...days, { start: job.start, end: job.end }]);
        staffed += 1;
      }
    }
    // Most of the past is staffed: each past job with a usable zip has both slots filled.
    expect(staffed).toBeGreaterThan(400);
  });

  it('goes through the upload format unchanged', () => {
    const stored = {
      jobs: data.jobs.map((job, i) => ({
        ...job,
        id: i + 1,
        version: 1,
        assigned_lead_id: null,
        assigned_data_acq_id: null,
        assigned_kit_id: null,
        kit_location: null,
        region: null,
      })),
      unavailability: data.unavailability.map((u, i) => ({ ...u, id: i + 1 })),
    };
    const file = buildExport('datamanagement', 'csv', stored);
    const result = parseScheduleCsv(file.body, {
      physicistNames: data.physicists.map((p) => p.name),
      kitNames: data.kits.map((k) => k.name),
      knownZip: isKnownZip,
    });
    if (!result.ok) throw new Error(JSON.stringify(result).slice(0, 500));
    expect(result.jobs).toEqual(data.jobs);
    expect(result.unavailability).toEqual(data.unavailability);
    expect(result.total_warnings).toBe(6);
  });
});
