import type { Role } from '@meridian/domain';
import type { AvailabilityRepository } from '../repositories/availability.repository';
import { forbidden } from '../http/http-error';
import type { JobsRepository } from '../repositories/jobs.repository';
import type { ExportPage } from '@meridian/contracts';
import { buildExport, type ExportFile, type ExportFormat } from '../io/export';

// The pages behind /import and /schedule are for admins and managers, as the screens are.
const MANAGER_PAGES = new Set<ExportPage>(['datamanagement', 'schedule']);

/** Page exports: the page's rows as CSV or XLSX, for the roles that may see that page. */
export class ExportsService {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly leave: AvailabilityRepository,
  ) {}

  /** Builds `{page}_export.{format}`; 403 when the role may not open the page. */
  async export(page: ExportPage, format: ExportFormat, role: Role): Promise<ExportFile> {
    if (MANAGER_PAGES.has(page) && role === 'regular') {
      throw forbidden(`The ${page} export needs the manager or admin role`);
    }
    const needsJobs = page !== 'unavailability';
    const needsLeave = page === 'unavailability' || page === 'datamanagement';
    const [jobs, unavailability] = await Promise.all([
      needsJobs ? this.jobs.list() : Promise.resolve([]),
      needsLeave ? this.leave.list() : Promise.resolve([]),
    ]);
    return buildExport(page, format, { jobs, unavailability });
  }
}
