import { fromDayNumber, dayNumber } from '@meridian/domain';
import type { Instance } from '@meridian/domain';
import { Rng } from '../src/core/rng';

/**
 * A small random instance for tests: physicists of both roles around a few
 * centres, overlapping 1-3 day jobs, some leave, repeat customers, a job
 * without coordinates and, optionally, pinned slots.
 */
export function randomInstance(seed: number, jobs = 30, physicists = 8, pins = 2): Instance {
  const rng = new Rng(seed);
  const centres = [
    [40.7, -74.0],
    [41.9, -87.6],
    [34.0, -118.2],
    [29.8, -95.4],
  ] as const;
  const near = () => {
    const [lat, lon] = rng.pick(centres);
    return { lat: lat + (rng.next() - 0.5) * 2, lon: lon + (rng.next() - 0.5) * 2 };
  };
  const base = dayNumber('2027-03-01');
  const people = Array.from({ length: physicists }, (_, i) => {
    const leaveStart = base + rng.int(25);
    return {
      id: `p${i}`,
      name: `Physicist ${i}`,
      role: i % 2 === 0 ? ('lead' as const) : ('dataacq' as const),
      ...near(),
      unavailable:
        rng.next() < 0.4
          ? [{ start: fromDayNumber(leaveStart), end: fromDayNumber(leaveStart + rng.int(4)) }]
          : [],
    };
  });
  const list = Array.from({ length: jobs }, (_, i) => {
    const start = base + rng.int(30);
    const where = i === 0 ? { lat: null, lon: null } : near();
    return {
      id: `j${i}`,
      customer: ` Customer ${rng.int(Math.max(2, jobs / 4))} `,
      ...where,
      start: fromDayNumber(start),
      end: fromDayNumber(start + rng.int(3)),
      lead_id: null as string | null,
      data_acq_id: null as string | null,
      kit_id: null as string | null,
    };
  });
  // Pins on jobs that do not overlap each other, to available physicists.
  for (let k = 0; k < pins && 1 + k * 5 < jobs; k++) {
    const job = list[1 + k * 5]!;
    const lead = people.find(
      (p, i) => i % 2 === 0 && p.unavailable.every((r) => r.end < job.start || r.start > job.end),
    );
    const clash = list.some(
      (o) => o !== job && o.lead_id === lead?.id && o.start <= job.end && job.start <= o.end,
    );
    if (lead && !clash) job.lead_id = lead.id;
  }
  return {
    weights: { proximity: 0.5, job_balance: 0.3, staff_rotation: 0.2 },
    physicists: people,
    jobs: list,
    kits: [{ id: 'k1', name: 'Kit 1', lat: 40, lon: -75, is_out_for_maintenance: false }],
  };
}
