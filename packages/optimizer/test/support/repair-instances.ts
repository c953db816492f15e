import { fromDayNumber, dayNumber, rangesOverlap } from '@meridian/domain';
import type { Instance, JobAssignment } from '@meridian/domain';
import { Rng } from '../../src/core/rng';
import type { Absence } from '../../src/repair/types';

/** A tiny instance, a feasible plan for it (some slots pinned to their holder) and an absence. */
export interface RepairCase {
  instance: Instance;
  plan: JobAssignment[];
  absence: Absence;
}

const FIELDS = ['lead_id', 'data_acq_id', 'kit_id'] as const;

/** Seeded: 4 jobs over 6 days, 2-3 leads, 2 data-acquisition physicists, 2-3 kits. */
export function smallRepairCase(seed: number): RepairCase {
  const rng = new Rng(seed);
  const base = dayNumber('2027-05-03');
  const leads = 2 + rng.int(2);
  const physicists = Array.from({ length: leads + 2 }, (_, i) => ({
    id: `p${i}`,
    name: `P${i}`,
    role: i < leads ? ('lead' as const) : ('dataacq' as const),
    lat: 40 + rng.next() * 4,
    lon: -80 + rng.next() * 4,
    unavailable:
      rng.next() < 0.3
        ? [{ start: fromDayNumber(base + rng.int(6)), end: fromDayNumber(base + rng.int(6) + 1) }]
        : [],
  }));
  physicists.forEach((p) => p.unavailable.forEach((r) => r.end < r.start && (r.end = r.start)));
  const kits = Array.from({ length: 2 + rng.int(2) }, (_, i) => ({
    id: `k${i}`,
    name: `K${i}`,
    lat: 41,
    lon: -78,
    is_out_for_maintenance: i === 0 && rng.next() < 0.2,
  }));
  const jobs = Array.from({ length: 4 }, (_, i) => {
    const start = base + rng.int(5);
    return {
      id: `j${i}`,
      customer: `C${rng.int(2)}`,
      lat: 40 + rng.next() * 4,
      lon: -80 + rng.next() * 4,
      start: fromDayNumber(start),
      end: fromDayNumber(start + rng.int(3)),
      lead_id: null as string | null,
      data_acq_id: null as string | null,
      kit_id: null as string | null,
    };
  });
  const instance: Instance = {
    weights: { proximity: 0.5, job_balance: 0.3, staff_rotation: 0.2 },
    physicists,
    jobs,
    kits,
  };
  const plan: JobAssignment[] = jobs.map((j) => ({
    job_id: j.id,
    lead_id: null,
    data_acq_id: null,
    kit_id: null,
  }));
  // A random feasible plan: each slot takes a random free holder, or stays empty now and then.
  jobs.forEach((job, j) =>
    FIELDS.forEach((field) => {
      if (rng.next() < 0.15) return;
      const pool =
        field === 'kit_id'
          ? kits.filter((k) => !k.is_out_for_maintenance).map((k) => k.id)
          : physicists
              .filter((p) => p.role === (field === 'lead_id' ? 'lead' : 'dataacq'))
              .filter((p) =>
                p.unavailable.every((r) => !rangesOverlap(r.start, r.end, job.start, job.end)),
              )
              .map((p) => p.id);
      const free = pool.filter((id) =>
        jobs.every(
          (o, k) =>
            k === j || plan[k]![field] !== id || !rangesOverlap(o.start, o.end, job.start, job.end),
        ),
      );
      if (free.length === 0) return;
      const id = rng.pick(free);
      plan[j]![field] = id;
      if (rng.next() < 0.2) job[field] = id;
    }),
  );
  const kitAbsence = rng.next() < 0.3;
  const from = base + rng.int(5);
  const window = { start: fromDayNumber(from), end: fromDayNumber(from + rng.int(4)) };
  const absence: Absence = kitAbsence
    ? { kind: 'kit', id: rng.pick(kits).id, ...window }
    : { kind: 'physicist', id: rng.pick(physicists).id, ...window };
  return { instance, plan, absence };
}
