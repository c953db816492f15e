import type { AnalyticsSummary } from '@meridian/contracts';
import { countOpenSlots } from '@meridian/domain';
import type { AnalyticsRepository } from '../repositories/analytics.repository';
import { distanceSummary, workloadStats } from './workload';

/** GET /analytics/summary: last run, job counts, distances and workload of the stored schedule. */
export class AnalyticsService {
  constructor(private readonly analytics: AnalyticsRepository) {}

  async summary(): Promise<AnalyticsSummary> {
    const lastRun = await this.analytics.lastRun();
    const open = countOpenSlots(await this.analytics.jobHolders());
    const miles = await this.analytics.slotMiles();
    const workload = await this.analytics.workload();
    const countsOf = (role: 'lead' | 'dataacq') =>
      workload.filter((w) => w.role === role).map((w) => w.jobs);
    return {
      last_run: lastRun,
      job_stats: { assigned: open.jobs - open.jobs_with_open_slots, total: open.jobs },
      open_slots: open,
      ...distanceSummary(miles),
      workload: {
        lead: workloadStats(countsOf('lead')),
        data_acq: workloadStats(countsOf('dataacq')),
      },
    };
  }
}
