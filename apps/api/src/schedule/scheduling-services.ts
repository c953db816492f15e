import type { Kysely } from 'kysely';
import { AssignmentChecks } from '../assignments/assignment-checks';
import { AssignmentsRepository } from '../assignments/assignments.repository';
import { AssignmentsService } from '../assignments/assignments.service';
import { AvailabilityRepository } from '../availability/availability.repository';
import { AvailabilityService } from '../availability/availability.service';
import { AnalysisRepository } from '../candidates/analysis.repository';
import { AnalyzeService } from '../candidates/analyze.service';
import type { DB } from '../db/schema';
import { ExportsService } from '../exports/exports.service';
import { JobsRepository } from '../jobs/jobs.repository';
import { JobsService } from '../jobs/jobs.service';
import { KitsRepository } from '../kits/kits.repository';
import { KitsService } from '../kits/kits.service';
import { PhysicistsRepository } from '../roster/physicists.repository';
import { PhysicistsService } from '../roster/physicists.service';
import { RosterImportService } from '../roster/roster-import.service';
import { ZipDataRepository } from '../zips-db/zip-data.repository';
import { ScheduleImportService } from './schedule-import.service';
import { ScheduleRepository } from './schedule.repository';

/** The repositories and services of the scheduling data (issue 3), built over one handle. */
export interface SchedulingServices {
  zipData: ZipDataRepository;
  jobsRepository: JobsRepository;
  physicistsRepository: PhysicistsRepository;
  kitsRepository: KitsRepository;
  availabilityRepository: AvailabilityRepository;
  jobs: JobsService;
  physicists: PhysicistsService;
  kits: KitsService;
  availability: AvailabilityService;
  rosterImport: RosterImportService;
  scheduleImport: ScheduleImportService;
  exports: ExportsService;
  analyze: AnalyzeService;
  assignments: AssignmentsService;
}

/** Wires the scheduling repositories and services (no singletons; one per app). */
export function createSchedulingServices(db: Kysely<DB>): SchedulingServices {
  const jobsRepository = new JobsRepository(db);
  const physicistsRepository = new PhysicistsRepository(db);
  const kitsRepository = new KitsRepository(db);
  const availabilityRepository = new AvailabilityRepository(db);
  const physicists = new PhysicistsService(db, physicistsRepository, availabilityRepository);
  const kits = new KitsService(db, kitsRepository);
  const assignmentsRepository = new AssignmentsRepository();
  const assignments = new AssignmentsService(
    db,
    assignmentsRepository,
    jobsRepository,
    physicistsRepository,
    kitsRepository,
    new AssignmentChecks(assignmentsRepository, availabilityRepository),
  );
  return {
    zipData: new ZipDataRepository(db),
    jobsRepository,
    physicistsRepository,
    kitsRepository,
    availabilityRepository,
    jobs: new JobsService(db, jobsRepository, assignments),
    physicists,
    kits,
    availability: new AvailabilityService(db, availabilityRepository, physicistsRepository),
    rosterImport: new RosterImportService(db, physicists, kits),
    scheduleImport: new ScheduleImportService(
      db,
      new ScheduleRepository(),
      availabilityRepository,
      physicistsRepository,
      kitsRepository,
    ),
    exports: new ExportsService(jobsRepository, availabilityRepository),
    analyze: new AnalyzeService(
      db,
      new AnalysisRepository(),
      physicistsRepository,
      availabilityRepository,
    ),
    assignments,
  };
}
