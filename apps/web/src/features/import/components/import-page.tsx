import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canManageSchedule } from '@meridian/domain';
import { useJobs } from '../../../lib/scheduling-api/get-jobs';
import { useSession } from '../../../lib/session-store';
import { ExportMenu } from '../../../components/export-menu';
import { PageHeader } from '../../../components/page-header';
import { useErrorToast } from '../../../components/use-error-toast';
import {
  filterYears,
  isNoDateFilter,
  matchesDateFilter,
  NO_DATE_FILTER,
  type DateFilter,
} from '../date-filter';
import { DataManagementTable } from './data-management-table';
import { DateFilterBar } from './date-filter-bar';
import { ImportActions } from './import-actions';

/** /import, Data Management: upload, add, process, filter by date, edit and export jobs. */
export function ImportPage() {
  const jobs = useJobs();
  const session = useSession();
  const canEdit = session ? canManageSchedule(session.claims.role) : false;
  useErrorToast(jobs.error, 'Failed to fetch jobs');
  const [filter, setFilter] = useState<DateFilter>(NO_DATE_FILTER);
  const all = jobs.data;
  // With no date chosen every job shows: the list itself, not a filtered copy of 10,000 rows.
  const visible = useMemo(
    () =>
      isNoDateFilter(filter)
        ? (all ?? [])
        : (all ?? []).filter((job) => matchesDateFilter(job, filter)),
    [all, filter],
  );
  const years = useMemo(() => filterYears(all ?? []), [all]);

  return (
    <>
      <PageHeader title="Data Management">{canEdit && <ImportActions />}</PageHeader>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction="row"
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            mb: 2,
            flexWrap: 'wrap',
            rowGap: 1,
          }}
        >
          <DateFilterBar
            years={years}
            filter={filter}
            onChange={setFilter}
            onClear={() => setFilter(NO_DATE_FILTER)}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography color="text.secondary" data-testid="job-count">
              Showing {visible.length} of {all?.length ?? 0} total jobs
            </Typography>
            <ExportMenu
              page="datamanagement"
              shown={() => ({ jobs: visible, unavailability: [] })}
            />
          </Stack>
        </Stack>
        {jobs.isPending && <LinearProgress aria-label="Loading jobs" />}
        {jobs.error && <Alert severity="error">Failed to fetch jobs</Alert>}
        {all && <DataManagementTable jobs={visible} canEdit={canEdit} />}
      </Paper>
    </>
  );
}
