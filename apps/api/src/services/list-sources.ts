import {
  JobListSchema,
  KitListSchema,
  PhysicistListSchema,
  UnavailabilityListSchema,
  UserListSchema,
  ZipDataListSchema,
} from '@meridian/contracts';
import type { ZipDataRepository } from '../repositories/zip-data.repository';
import type { AvailabilityService } from './availability.service';
import type { JobsService } from './jobs.service';
import type { KitsService } from './kits.service';
import type { ListSource } from './list-snapshots';
import type { PhysicistsService } from './physicists.service';
import type { UsersService } from './users.service';

/** The lists served from memory per data version. */
export type ListName = 'jobs' | 'physicists' | 'kits' | 'availability' | 'users' | 'zip-data';

/**
 * Jobs per chunk of the job list's read: each chunk is one statement, one
 * check against the contract and one serialisation, a few milliseconds at
 * this size (docs/reliability-notes.md), where the whole list of 10,000
 * held the main thread for about 200 ms.
 */
export const JOB_LIST_CHUNK_ROWS = 500;

/** What the list sources read through. */
export interface ListReaders {
  jobs: JobsService;
  physicists: PhysicistsService;
  kits: KitsService;
  availability: AvailabilityService;
  users: UsersService;
  zipData: ZipDataRepository;
  /** Today in the organisation's time zone: the job list's phases change with it. */
  today: () => string;
}

/**
 * Each list with every table its read touches: a write to any of them makes
 * a new version. The body is checked against its contract once per version,
 * where the route's serializer would otherwise check it on every answer.
 */
export function listSources(r: ListReaders): Record<ListName, ListSource> {
  return {
    // Jobs show their physicians' and kits' current names.
    // Read and checked in chunks: the one list that runs to 10,000 rows and more.
    // Each job's phase follows the published date (plan_publications) and today.
    jobs: {
      tables: ['jobs', 'physicists', 'kits', 'plan_publications'],
      key: () => `today=${r.today()}`,
      read: (add) =>
        r.jobs.listInChunks(JOB_LIST_CHUNK_ROWS, (chunk) => add(JobListSchema.parse(chunk))),
    },
    physicists: {
      tables: ['physicists'],
      read: async (add) => add(PhysicistListSchema.parse(await r.physicists.list())),
    },
    kits: { tables: ['kits'], read: async (add) => add(KitListSchema.parse(await r.kits.list())) },
    availability: {
      tables: ['unavailability'],
      read: async (add) => add(UnavailabilityListSchema.parse(await r.availability.list())),
    },
    users: {
      tables: ['users'],
      read: async (add) => add(UserListSchema.parse(await r.users.list())),
    },
    // The coordinates of every zip a job, a physicist's home or a kit uses.
    'zip-data': {
      tables: ['zip_data', 'jobs', 'physicists', 'kits'],
      read: async (add) => add(ZipDataListSchema.parse(await r.zipData.referenced())),
    },
  };
}
