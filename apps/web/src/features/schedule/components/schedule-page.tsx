import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import TravelExplore from '@mui/icons-material/TravelExplore';
import type { Physicist, Unavailability } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { dateRange, jobInRange } from '../../../lib/date-window';
import { useOrgToday } from '../../../lib/org-today';
import { useAnalyze } from '../../../lib/scheduling-api/analyze';
import { useAvailability } from '../../../lib/scheduling-api/get-availability';
import { useJobs } from '../../../lib/scheduling-api/get-jobs';
import { useKits } from '../../../lib/scheduling-api/get-kits';
import { usePhysicists } from '../../../lib/scheduling-api/get-physicists';
import { useZipIndex } from '../../../lib/scheduling-api/get-zip-data';
import { DateWindowFilter, useDateWindow } from '../../../components/date-window-filter';
import { ExportMenu } from '../../../components/export-menu';
import { jobConcernsPhysicists } from '../../../components/jobs-table/physicist-match';
import { PageHeader } from '../../../components/page-header';
import { OpenSlotsLine } from '../../../components/open-slots-line';
import { useToast } from '../../../components/toast/toast-context';
import { useErrorToast } from '../../../components/use-error-toast';
import { PhysicistFilter } from './physicist-filter';
import { ScheduleTable } from './schedule-table';

const NO_LEAVE: readonly Unavailability[] = [];

/** /schedule, Job Ingestion & Review: candidates, physicist filter and manual assignment. */
export function SchedulePage() {
  const jobs = useJobs();
  const physicists = usePhysicists();
  const kits = useKits();
  // Leave and zips explain refusals and distances in the dropdowns; the table works without them.
  const leave = useAvailability();
  const zips = useZipIndex();
  const analyze = useAnalyze();
  const toast = useToast();
  const [chosen, setChosen] = useState<Physicist[]>([]);
  const loadError = jobs.error ?? physicists.error ?? kits.error;
  useErrorToast(loadError, 'Failed to fetch schedule data');
  const today = useOrgToday();
  const [dateWindow, setDateWindow] = useDateWindow();
  const visible = useMemo(() => {
    const range = dateRange(dateWindow, today);
    return (jobs.data ?? []).filter(
      (job) => jobInRange(job, range) && jobConcernsPhysicists(job, chosen),
    );
  }, [jobs.data, chosen, dateWindow, today]);
  const isReady = jobs.data && physicists.data && kits.data;

  const findCandidates = () =>
    analyze.mutate(undefined, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) => toast.error(`Analysis failed: ${errorMessage(error)}`),
    });

  return (
    <>
      <PageHeader title="Job Ingestion & Review">
        <Tooltip
          describeChild
          title="For every job, lists the nearest lead and data-acquisition physicists free for its whole dates, with their miles, in the Candidates column. Assigns nobody: pick from the dropdowns."
        >
          <Button
            variant="contained"
            startIcon={<TravelExplore />}
            onClick={findCandidates}
            disabled={analyze.isPending}
          >
            Find Best Candidates
          </Button>
        </Tooltip>
      </PageHeader>
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
          <DateWindowFilter value={dateWindow} onChange={setDateWindow} />
          <PhysicistFilter
            physicists={physicists.data ?? []}
            selected={chosen}
            onChange={setChosen}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box>
              <Typography color="text.secondary">
                Showing {visible.length} of {jobs.data?.length ?? 0} total jobs
              </Typography>
              {jobs.data && <OpenSlotsLine jobs={jobs.data} />}
            </Box>
            <ExportMenu page="schedule" shown={() => ({ jobs: visible, unavailability: [] })} />
          </Stack>
        </Stack>
        {(jobs.isPending || analyze.isPending) && <LinearProgress aria-label="Loading schedule" />}
        {loadError && <Alert severity="error">Failed to fetch schedule data</Alert>}
        {isReady && (
          <ScheduleTable
            jobs={visible}
            allJobs={jobs.data}
            physicists={physicists.data}
            kits={kits.data}
            leave={leave.data ?? NO_LEAVE}
            zips={zips.data}
          />
        )}
      </Paper>
    </>
  );
}
