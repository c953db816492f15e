import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { canManageSchedule, type Physicist } from '@meridian/domain';
import { useCanEditKits } from '../../../lib/current-user';
import { useAssignments } from '../../../lib/scheduling-api/get-assignments';
import { kitsQueryOptions } from '../../../lib/scheduling-api/get-kits';
import { usePhysicists } from '../../../lib/scheduling-api/get-physicists';
import { useZipIndex } from '../../../lib/scheduling-api/get-zip-data';
import { useSession } from '../../../lib/session-store';
import { ExportMenu } from '../../../components/export-menu';
import { jobsByHolder } from '../../../components/jobs-table/assign-options';
import { jobConcernsPhysicists } from '../../../components/jobs-table/physicist-match';
import { PageHeader } from '../../../components/page-header';
import { useErrorToast } from '../../../components/use-error-toast';
import { AssignmentsTable } from './assignments-table';

/**
 * /assignments: every job with its lead, data-acquisition physicist and kit;
 * kit editors, admins and managers assign kits here in the kit column.
 * `actions` go in the page header (the app passes the optimisation controls).
 */
export function AssignmentsPage({ actions }: { actions?: ReactNode }) {
  const jobs = useAssignments();
  const physicists = usePhysicists();
  const session = useSession();
  const canManage = session ? canManageSchedule(session.claims.role) : false;
  const canEditKits = useCanEditKits();
  const kits = useQuery({ ...kitsQueryOptions(), enabled: canEditKits });
  const zips = useZipIndex();
  const [chosen, setChosen] = useState<Physicist[]>([]);
  useErrorToast(jobs.error, 'Failed to fetch assignment data.');
  const visible = useMemo(
    () => (jobs.data ?? []).filter((job) => jobConcernsPhysicists(job, chosen)),
    [jobs.data, chosen],
  );
  const physicistsById = useMemo(
    () => new Map((physicists.data ?? []).map((p) => [p.id, p])),
    [physicists.data],
  );
  // Refusals are judged against every job, not only the filtered view.
  const kitAssigning = useMemo(
    () =>
      canEditKits && kits.data && jobs.data
        ? { kits: kits.data, byKit: jobsByHolder(jobs.data).kits }
        : null,
    [canEditKits, kits.data, jobs.data],
  );
  return (
    <>
      <PageHeader title="Assignments">{actions}</PageHeader>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction="row"
          spacing={2}
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            mb: 2,
            flexWrap: 'wrap',
            rowGap: 1,
          }}
        >
          <Autocomplete
            multiple
            size="small"
            options={physicists.data ?? []}
            value={chosen}
            getOptionLabel={(p) => p.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, next) => setChosen(next)}
            limitTags={3}
            sx={{ minWidth: 320, maxWidth: 560, flexGrow: 1 }}
            renderInput={(params) => <TextField {...params} label="Filter by physicist" />}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography color="text.secondary">
              Showing {visible.length} of {jobs.data?.length ?? 0} total jobs
            </Typography>
            <ExportMenu page="assignments" shown={() => ({ jobs: visible, unavailability: [] })} />
          </Stack>
        </Stack>
        {jobs.isPending && <LinearProgress aria-label="Loading assignments" />}
        {jobs.error && <Alert severity="error">Failed to fetch assignment data.</Alert>}
        {jobs.data && (
          <AssignmentsTable
            jobs={visible}
            canManage={canManage}
            kitAssigning={kitAssigning}
            physicistsById={physicistsById}
            zips={zips.data}
          />
        )}
      </Paper>
    </>
  );
}
