import { assignKitsPathCover, type KitCoverResult } from '@meridian/optimizer/kits/path-cover';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { InstanceRepository } from '../optimize/instance.repository';
import type { JobKitWrite, KitAssignmentRepository } from './kit-assignment.repository';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The answer's sentence: kits used, jobs covered, total kit miles and why jobs went without. */
export function kitAssignmentMessage(result: KitCoverResult, dated: number): string {
  const kitsUsed = new Set(result.assignments.map((a) => a.kit_id)).size;
  const why = new Map<string, number>();
  for (const u of result.uncovered) why.set(u.reason, (why.get(u.reason) ?? 0) + 1);
  const reasons = [...why].map(([reason, n]) => `${n} ${reason.replaceAll('_', ' ')}`).join(', ');
  return (
    [
      `Kits assigned: ${plural(kitsUsed, 'kit')} cover ${result.covered} of ${plural(dated, 'dated job')}`,
      `total kit miles: ${Math.round(result.total_miles).toLocaleString('en-US')}`,
      ...(result.uncovered.length > 0 ? [`without a kit: ${reasons}`] : []),
      ...(result.conflicts.length > 0
        ? [`${plural(result.conflicts.length, 'pinned kit')} kept although they clash`]
        : []),
      ...(result.status === 'restricted' ? ['pinned kits kept their routes'] : []),
    ].join('; ') + '.'
  );
}

/**
 * POST /kits/assign: the exact minimum-cost path cover of OPTIMIZATION.md over
 * the stored jobs and kits, written in one transaction; pinned kits stay.
 */
export class KitAssignmentService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly read: InstanceRepository,
    private readonly write: KitAssignmentRepository,
  ) {}

  async assign(): Promise<{ message: string; result: KitCoverResult }> {
    return this.db.transaction().execute(async (trx) => {
      const jobs = (await this.read.jobs(trx)).filter((j) => j.start !== null && j.end !== null);
      const kits = (await this.read.kits(trx)).filter((k) => k.lat !== null && k.lon !== null);
      const result = assignKitsPathCover(
        jobs.map((j) => ({
          id: String(j.id),
          start: j.start!,
          end: j.end!,
          lat: j.lat,
          lon: j.lon,
          zip: j.zip_code,
          kit_id: j.kit_pinned && j.assigned_kit_id !== null ? String(j.assigned_kit_id) : null,
        })),
        kits.map((k) => ({
          id: String(k.id),
          lat: k.lat!,
          lon: k.lon!,
          zip: k.current_location_zip,
          is_out_for_maintenance: k.is_out_for_maintenance,
        })),
      );
      const byJob = new Map(result.assignments.map((a) => [a.job_id, a]));
      const rows: JobKitWrite[] = jobs.map((j) => {
        const a = byJob.get(String(j.id));
        return { id: j.id, kit: a === undefined ? null : Number(a.kit_id) };
      });
      await this.write.writeKits(rows, trx);
      return { message: kitAssignmentMessage(result, jobs.length), result };
    });
  }
}
