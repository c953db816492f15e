import type { IsoDate } from '@meridian/domain';
import type { AppServices } from '../compose/services';

/** The demo's regular account, linked to a physicist so /my-schedule has jobs to show. */
export const DEMO_VIEWER = 'viewer';
/** Jobs given to the viewer's physicist on each side of today. */
const PER_SIDE = 3;

/**
 * Links the demo viewer to the first lead physicist and makes them lead on a
 * few jobs before and after today (manual assignments, so the usual rules
 * apply and a refused job is skipped). The demo's upcoming jobs start
 * unassigned, so without this a regular user's schedule stays empty until
 * someone optimises; its past is staffed as history (demo-history.ts), and
 * only a past job left open there can be given here.
 * Called once, when the demo schedule is seeded. Returns the physicist's name.
 */
export async function linkDemoViewer(
  services: AppServices,
  today: IsoDate,
): Promise<string | null> {
  const viewer = await services.repositories.users.findByUsername(DEMO_VIEWER);
  const lead = (await services.physicists.list()).find((p) => p.role === 'lead');
  if (viewer === undefined || lead === undefined) return null;
  const jobs = (await services.jobs.list()).filter(
    (j) => j.start !== null && j.end !== null && j.assigned_lead_id === null,
  );
  const upcoming = jobs.filter((j) => j.start! >= today);
  const past = jobs.filter((j) => j.end! < today).reverse();
  for (const side of [upcoming, past]) {
    let given = 0;
    for (const job of side) {
      if (given === PER_SIDE) break;
      try {
        // A past job's record is corrected, with its reason (the demo invents that history).
        await services.assignments.assignPhysicist(
          {
            job_id: job.id,
            role: 'lead',
            physicist_id: lead.id,
            ...(side === past ? { reason: 'Demo data: the viewer led this job' } : {}),
          },
          viewer.id,
        );
        given++;
      } catch {
        // Overlap or leave: the rules refused this job; try the next one.
      }
    }
  }
  await services.users.update(viewer.id, { physicist_id: lead.id });
  return lead.name;
}

/** The name of the physicist the demo viewer is linked to, if any. */
export async function demoViewerPhysicist(services: AppServices): Promise<string | null> {
  const viewer = await services.repositories.users.findByUsername(DEMO_VIEWER);
  if (viewer?.physicist_id == null) return null;
  const linked = (await services.physicists.list()).find((p) => p.id === viewer.physicist_id);
  return linked?.name ?? null;
}
