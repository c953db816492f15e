import type { AnalyticsSummary } from '@meridian/contracts';
import type { AnalyticsRepository } from '../repositories/analytics.repository';
import { distanceSummary, workloadStats } from './workload';

/** GET /analytics/summary: last run, job counts, distances and workload of the stored schedule. */
export class AnalyticsService {
  constructor(private readonly analytics: AnalyticsRepository) {}

  async summary(): Promise<AnalyticsSummary> {
    const lastRun = await this.analytics.lastRun();
    const jobs = await this.analytics.jobCounts();
    const miles = await this.analytics.slotMiles();
    const workload = await this.analytics.workload();
    const countsOf = (role: 'lead' | 'dataacq') =>
      workload.filter((w) => w.role === role).map((w) => w.jobs);
    return {
      last_run: lastRun,
      job_stats: { assigned: jobs.assigned, total: jobs.total },
      ...distanceSummary(miles),
      workload: {
        lead: workloadStats(countsOf('lead')),
        data_acq: workloadStats(countsOf('dataacq')),
      },
    };
  }
}
