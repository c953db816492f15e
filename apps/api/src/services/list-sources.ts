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

/** What the list sources read through. */
export interface ListReaders {
  jobs: JobsService;
  physicists: PhysicistsService;
  kits: KitsService;
  availability: AvailabilityService;
  users: UsersService;
  zipData: ZipDataRepository;
}

/**
 * Each list with every table its read touches: a write to any of them makes
 * a new version. The body is checked against its contract once per version,
 * where the route's serializer would otherwise check it on every answer.
 */
export function listSources(r: ListReaders): Record<ListName, ListSource> {
  return {
    // Jobs show their physicians' and kits' current names.
    jobs: {
      tables: ['jobs', 'physicists', 'kits'],
      load: async () => JobListSchema.parse(await r.jobs.list()),
    },
    physicists: {
      tables: ['physicists'],
      load: async () => PhysicistListSchema.parse(await r.physicists.list()),
    },
    kits: { tables: ['kits'], load: async () => KitListSchema.parse(await r.kits.list()) },
    availability: {
      tables: ['unavailability'],
      load: async () => UnavailabilityListSchema.parse(await r.availability.list()),
    },
    users: { tables: ['users'], load: async () => UserListSchema.parse(await r.users.list()) },
    // The coordinates of every zip a job, a physicist's home or a kit uses.
    'zip-data': {
      tables: ['zip_data', 'jobs', 'physicists', 'kits'],
      load: async () => ZipDataListSchema.parse(await r.zipData.referenced()),
    },
  };
}
