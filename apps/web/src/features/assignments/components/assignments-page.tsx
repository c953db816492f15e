import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { canManageSchedule, type Job, type Physicist } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useCanEditKits } from '../../../lib/current-user';
import { dateRange, jobInRange } from '../../../lib/date-window';
import { useOrgToday } from '../../../lib/org-today';
import { useMySchedule } from '../../../lib/people-api/get-my-schedule';
import { useAssignments } from '../../../lib/scheduling-api/get-assignments';
import { kitsQueryOptions } from '../../../lib/scheduling-api/get-kits';
import { usePhysicists } from '../../../lib/scheduling-api/get-physicists';
import { useZipIndex } from '../../../lib/scheduling-api/get-zip-data';
import { useSession } from '../../../lib/session-store';
import { DateWindowFilter, useDateWindow } from '../../../components/date-window-filter';
import { ExportMenu } from '../../../components/export-menu';
import { jobsByHolder } from '../../../components/jobs-table/assign-options';
import { jobConcernsPhysicists } from '../../../components/jobs-table/physicist-match';
import { PageHeader } from '../../../components/page-header';
import { OpenSlotsLine } from '../../../components/open-slots-line';
import { useToast } from '../../../components/toast/toast-context';
import { useErrorToast } from '../../../components/use-error-toast';
import { useNotifyAffected } from '../api/notify-affected';
import { AssignmentsTable } from './assignments-table';
import { NotifyAllDialog } from './notify-all-dialog';
import { PublishControl } from './publish-control';

/**
 * /assignments: every job with its lead, data-acquisition physicist and kit;
 * kit editors, admins and managers assign kits here in the kit column.
 * Under the header, how far the plan is published and, for admins and
 * managers, "Publish through…".
 * `actions` go in the page header (the app passes the optimisation controls),
 * `aside` above the table (the plan history), and `highlighted` marks rows.
 */
export function AssignmentsPage({
  actions,
  aside,
  highlighted = null,
}: {
  actions?: ReactNode;
  aside?: ReactNode;
  highlighted?: ReadonlySet<number> | null;
}) {
  const jobs = useAssignments();
  const physicists = usePhysicists();
  const session = useSession();
  const canManage = session ? canManageSchedule(session.claims.role) : false;
  const canEditKits = useCanEditKits();
  const kits = useQuery({ ...kitsQueryOptions(), enabled: canEditKits });
  const zips = useZipIndex();
  const [chosen, setChosen] = useState<Physicist[]>([]);
  // "Mine": only the rows of the physicist this account is linked to.
  // A linked physicist on a phone sees their own jobs first, until they choose.
  const [mineChoice, setMineOnly] = useState<boolean | null>(null);
  const mine = useMySchedule();
  const myId = mine.data?.physicist?.id ?? null;
  const onPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const mineOnly = mineChoice ?? (onPhone && !canManage && myId !== null);
  // The screen opens on today onward, in the organisation's time zone (lib/org-today.ts).
  const today = useOrgToday();
  const [dateWindow, setDateWindow] = useDateWindow();
  useErrorToast(jobs.error, 'Failed to fetch assignment data.');
  const visible = useMemo(() => {
    const range = dateRange(dateWindow, today);
    return (jobs.data ?? []).filter(
      (job) =>
        jobInRange(job, range) &&
        jobConcernsPhysicists(job, chosen) &&
        (!mineOnly ||
          (myId !== null && (job.assigned_lead_id === myId || job.assigned_data_acq_id === myId))),
    );
  }, [jobs.data, chosen, mineOnly, myId, dateWindow, today]);
  // Each job keeps its number in the whole list, whatever the window and filters show.
  const indexOf = useMemo(
    () => new Map((jobs.data ?? []).map((job, index) => [job.id, index])),
    [jobs.data],
  );
  const { onNotify, dialog: notifyAllDialog } = useNotifyHandler();
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
      <PageHeader title="Assignments">
        {actions}
        {onPhone && myId !== null && (
          <Button component={RouterLink} to="/my-schedule" variant="outlined" size="small">
            My schedule
          </Button>
        )}
      </PageHeader>
      <PublishControl canPublish={canManage}>
        {canManage && (
          <Tooltip
            title="Tells each linked physicist what changed in their schedule since their last notice"
            describeChild
          >
            <Button variant="outlined" onClick={() => onNotify('affected', null)}>
              Notify affected physicists
            </Button>
          </Tooltip>
        )}
      </PublishControl>
      {aside}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            mb: 2,
            flexWrap: 'wrap',
            rowGap: 1,
          }}
        >
          <DateWindowFilter value={dateWindow} onChange={setDateWindow} />
          <Autocomplete
            multiple
            size="small"
            options={physicists.data ?? []}
            value={chosen}
            getOptionLabel={(p) => p.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, next) => setChosen(next)}
            limitTags={3}
            sx={{ minWidth: { xs: '100%', sm: 320 }, maxWidth: 560, flexGrow: 1 }}
            renderInput={(params) => <TextField {...params} label="Filter by physicist" />}
          />
          <Tooltip
            title={
              myId === null && mine.data
                ? 'Your account is not linked to a physicist; ask an admin to link it'
                : 'Show only your own jobs'
            }
          >
            <FormControlLabel
              control={
                <Switch
                  checked={mineOnly}
                  onChange={(_, on) => setMineOnly(on)}
                  disabled={myId === null}
                />
              }
              label="Mine"
            />
          </Tooltip>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box>
              <Typography color="text.secondary">
                Showing {visible.length} of {jobs.data?.length ?? 0} total jobs
              </Typography>
              {jobs.data && <OpenSlotsLine jobs={jobs.data} />}
            </Box>
            <ExportMenu page="assignments" shown={() => ({ jobs: visible, unavailability: [] })} />
          </Stack>
        </Stack>
        {jobs.isPending && <LinearProgress aria-label="Loading assignments" />}
        {jobs.error && <Alert severity="error">Failed to fetch assignment data.</Alert>}
        {jobs.data && (
          <AssignmentsTable
            jobs={visible}
            indexOf={indexOf}
            today={today}
            canManage={canManage}
            kitAssigning={kitAssigning}
            physicistsById={physicistsById}
            zips={zips.data}
            onNotify={onNotify}
            highlighted={highlighted}
          />
        )}
      </Paper>
      {notifyAllDialog}
    </>
  );
}

/**
 * The notify actions: a row's "affected" tells that job's people about that
 * job, the toolbar's (no job) everyone about every change since their last
 * notice, at once with a toast saying how many heard; "all" opens the message
 * dialog for that job.
 */
function useNotifyHandler() {
  const toast = useToast();
  const { mutate: notifyAffected } = useNotifyAffected();
  const [notifyAllAbout, setNotifyAllAbout] = useState<Job | null>(null);
  const onNotify = useCallback(
    (kind: 'affected' | 'all', job: Job | null) => {
      if (kind === 'all') {
        setNotifyAllAbout(job);
        return;
      }
      notifyAffected(job?.id, {
        onSuccess: ({ notified }) =>
          notified === 0
            ? toast.info(
                job
                  ? `Nobody on job ${job.id} has changes to it since their last notice.`
                  : 'No linked physicist has changes since the last notice.',
              )
            : toast.success(`Notified ${notified} affected physicist${notified === 1 ? '' : 's'}.`),
        onError: (error) => toast.error(`Operation failed: ${errorMessage(error)}`),
      });
    },
    [toast, notifyAffected],
  );
  const dialog = <NotifyAllDialog job={notifyAllAbout} onClose={() => setNotifyAllAbout(null)} />;
  return { onNotify, dialog };
}
