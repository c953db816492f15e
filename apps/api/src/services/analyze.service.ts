import { composeReason, parseReason } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { AvailabilityRepository } from '../repositories/availability.repository';
import type { DB } from '../db/schema';
import type { PhysicistsRepository } from '../repositories/physicists.repository';
import { coordsOfZip, regionOfZip } from '../io/zip-rules';
import type { AnalysisRepository } from '../repositories/analysis.repository';
import type { AnalysisUpdate, JobsRepository } from '../repositories/jobs.repository';
import { candidateFinderFor } from './candidates';

/** 'Find Best Candidates' / 'Process Live Data': derived fields and candidate lists for every job. */
export class AnalyzeService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly analysis: AnalysisRepository,
    private readonly jobs: JobsRepository,
    private readonly physicists: PhysicistsRepository,
    private readonly leave: AvailabilityRepository,
  ) {}

  /**
   * Recomputes every job's region and writes the candidate part of its reason,
   * keeping rationale and comment. Reads everything once and searches in
   * memory (per-physicist busy indexes), so 10,000 jobs cost no N^2 SQL.
   */
  async analyze(): Promise<{ message: string }> {
    return this.db.transaction().execute(async (trx) => {
      const jobs = await this.analysis.jobs(trx);
      const roster = await this.physicists.list(trx);
      const leave = await this.leave.list(trx);
      const finder = candidateFinderFor({ roster, leave, jobs });
      const updates: AnalysisUpdate[] = [];
      let listed = 0;
      let noZip = 0;
      let noDates = 0;
      for (const job of jobs) {
        const site = coordsOfZip(job.zip_code);
        let summary: string;
        if (job.start === null || job.end === null) {
          noDates++;
          summary = 'No candidates: the job has no dates';
        } else if (site === null) {
          noZip++;
          summary = 'No candidates: the job has no usable zip code';
        } else {
          listed++;
          summary = finder.summary({ id: job.id, start: job.start, end: job.end, site });
        }
        const parts = parseReason(job.reason);
        const reason = composeReason({ ...parts, summary });
        const region = regionOfZip(job.zip_code);
        if (reason !== job.reason || region !== job.region)
          updates.push({ id: job.id, reason, region });
      }
      await this.jobs.writeAnalysis(updates, trx);
      return {
        message: `Analyzed ${jobs.length} jobs: candidates listed for ${listed}, ${noZip} without a usable zip code, ${noDates} without dates; ${updates.length} updated.`,
      };
    });
  }
}
