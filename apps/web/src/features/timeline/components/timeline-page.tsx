import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Today from '@mui/icons-material/Today';
import { canManageSchedule, dayNumber } from '@meridian/domain';
import { useCanEditKits } from '../../../lib/current-user';
import { useOrgToday } from '../../../lib/org-today';
import { usePlanWindow } from '../../../lib/scheduling-api/get-plan-window';
import { useAssignments } from '../../../lib/scheduling-api/get-assignments';
import { useAvailability } from '../../../lib/scheduling-api/get-availability';
import { useKits } from '../../../lib/scheduling-api/get-kits';
import { usePhysicists } from '../../../lib/scheduling-api/get-physicists';
import { useZipIndex } from '../../../lib/scheduling-api/get-zip-data';
import { useSession } from '../../../lib/session-store';
import {
  jobsByHolder,
  kitOptions,
  physicistOptions,
} from '../../../components/jobs-table/assign-options';
import { OpenSlotsLine } from '../../../components/open-slots-line';
import { PageHeader } from '../../../components/page-header';
import { useToast } from '../../../components/toast/toast-context';
import { useErrorToast } from '../../../components/use-error-toast';
import {
  openingDay,
  timelineScaleRange,
  ZOOMS,
  type DatedSpan,
  type Zoom,
} from '../layout/day-scale';
import { dropVerdict, ROLE_OF_SLOT, type DropVerdict } from '../layout/drop-rules';
import {
  buildTimelineRows,
  initiallyCollapsed,
  type SectionId,
  type TimelineBar,
} from '../layout/timeline-rows';
import { failurePrefix, useReassign } from '../hooks/use-reassign';
import { usePreferences } from '../api/get-preferences';
import { ExplainDialog } from '../../../components/explain/explain-dialog';
import { BarDetails } from './bar-details';
import { ReassignMenu, type MenuTarget } from './reassign-menu';
import { TimelineGrid } from './timeline-grid';
import { TimelineLegend } from './timeline-legend';

const ZOOM_LABELS: Record<Zoom, string> = { week: 'Week', month: 'Month', quarter: 'Quarter' };

/**
 * /timeline: who and which kit is where, day by day. Rows are people grouped
 * by role, then kits, under a lane of open slots; bars are job slots. Managers
 * and admins (and kit editors, for kits) drag a bar to another row, or use
 * its menu, to reassign it under the assignment dropdowns' rules.
 */
export function TimelinePage() {
  const jobs = useAssignments();
  const physicists = usePhysicists();
  const kits = useKits();
  const leave = useAvailability();
  const zips = useZipIndex();
  const session = useSession();
  const canManage = session ? canManageSchedule(session.claims.role) : false;
  const canEditKits = useCanEditKits();
  const toast = useToast();
  const theme = useTheme();
  const isPhone = !useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const [zoom, setZoom] = useState<Zoom>('month');
  // null until the user folds or unfolds a section; until then the data decides.
  const [chosenFolds, setCollapsed] = useState<ReadonlySet<SectionId> | null>(null);
  const [menu, setMenu] = useState<MenuTarget | null>(null);
  const [explained, setExplained] = useState<number | null>(null);
  const { pending, reassign } = useReassign();
  // Managers see the days each physicist asked to avoid as a light hatch on their row.
  const preferences = usePreferences(canManage);
  const avoidedBy = useMemo(
    () => new Map((preferences.data ?? []).map((p) => [p.physicist_id, p])),
    [preferences.data],
  );
  useErrorToast(jobs.error, 'Failed to fetch assignment data.');

  // The organisation's today and published-through date (GET /plan/window), as on every screen.
  const today = useOrgToday();
  const publishedThrough = usePlanWindow().data?.published_through ?? null;
  const dated = useMemo(
    () =>
      (jobs.data ?? []).filter(
        (job): job is typeof job & DatedSpan => job.start !== null && job.end !== null,
      ),
    [jobs.data],
  );
  const range = useMemo(() => {
    const leaveSpans = (leave.data ?? []).map((r) => ({ start: r.start_date, end: r.end_date }));
    return timelineScaleRange([...dated, ...leaveSpans], today);
  }, [dated, leave.data, today]);
  const [jumpTo, setJumpTo] = useState<{ day: number } | null>(null);

  const isReady = jobs.data && physicists.data && kits.data && leave.data;
  const initialFolds = useMemo(
    () =>
      jobs.data && physicists.data && kits.data && leave.data
        ? initiallyCollapsed({
            jobs: jobs.data,
            physicists: physicists.data,
            kits: kits.data,
            leave: leave.data,
          })
        : new Set<SectionId>(),
    [jobs.data, physicists.data, kits.data, leave.data],
  );
  const collapsed = chosenFolds ?? initialFolds;
  const rows = useMemo(
    () =>
      jobs.data && physicists.data && kits.data && leave.data
        ? buildTimelineRows(
            { jobs: jobs.data, physicists: physicists.data, kits: kits.data, leave: leave.data },
            collapsed,
            pending,
          )
        : [],
    [jobs.data, physicists.data, kits.data, leave.data, collapsed, pending],
  );
  const physicistsById = useMemo(
    () => new Map((physicists.data ?? []).map((p) => [p.id, p])),
    [physicists.data],
  );
  const holders = useMemo(() => jobsByHolder(jobs.data ?? []), [jobs.data]);
  const optionsFor = useCallback(
    (bar: TimelineBar) =>
      bar.slot === 'kit'
        ? kitOptions(bar.job, kits.data ?? [], holders.kits)
        : physicistOptions(
            bar.job,
            physicists.data ?? [],
            ROLE_OF_SLOT[bar.slot],
            leave.data ?? [],
            holders.people,
            zips.data,
          ),
    [kits.data, physicists.data, leave.data, holders, zips.data],
  );
  const judgeFor = useCallback(
    (bar: TimelineBar) => {
      const options = new Map(optionsFor(bar).map((option) => [option.id, option]));
      return (row: Parameters<typeof dropVerdict>[1]) => dropVerdict(bar, row, options);
    },
    [optionsFor],
  );
  // A past job is history: its record is corrected on /schedule, with a reason, not dragged.
  const canDrag = useCallback(
    (bar: TimelineBar) =>
      !bar.isPending &&
      bar.job.phase !== 'past' &&
      (canManage || (bar.slot === 'kit' && canEditKits)),
    [canManage, canEditKits],
  );
  const onDrop = useCallback(
    (bar: TimelineBar, verdict: DropVerdict) => {
      if (verdict.kind === 'assign') reassign(bar, verdict.holderId);
      else if (verdict.kind === 'refused') toast.error(`${failurePrefix(bar)}${verdict.reason}`);
    },
    [reassign, toast],
  );
  const toggleSection = useCallback(
    (section: SectionId) => {
      setCollapsed((current) => {
        const next = new Set(current ?? initialFolds);
        if (!next.delete(section)) next.add(section);
        return next;
      });
    },
    [initialFolds],
  );
  const renderDetails = useCallback(
    (bar: TimelineBar) => (
      <BarDetails
        bar={bar}
        physicistsById={physicistsById}
        zips={zips.data}
        canReassign={canDrag(bar)}
      />
    ),
    [physicistsById, zips.data, canDrag],
  );
  const undated = (jobs.data?.length ?? 0) - dated.length;
  const isLoading = jobs.isPending || physicists.isPending || kits.isPending || leave.isPending;
  const failed = jobs.error ?? physicists.error ?? kits.error ?? leave.error;

  return (
    <>
      <PageHeader title="Timeline">
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
          <ToggleButtonGroup
            size="small"
            exclusive
            value={zoom}
            onChange={(_, next: Zoom | null) => next && setZoom(next)}
            aria-label="Zoom"
          >
            {ZOOMS.map((z) => (
              <ToggleButton key={z} value={z} sx={{ px: 1.5 }}>
                {ZOOM_LABELS[z]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Button
            variant="outlined"
            size="small"
            startIcon={<Today />}
            onClick={() => setJumpTo({ day: dayNumber(today) })}
          >
            Today
          </Button>
        </Stack>
      </PageHeader>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack
          direction="row"
          sx={{
            justifyContent: 'space-between',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1,
            mb: 1.5,
          }}
        >
          <Box>
            <Typography variant="body2" color="text.secondary" data-testid="timeline-summary">
              {dated.length} jobs on the timeline
              {undated > 0 && ` · ${undated} without dates not shown`}
              {canManage && !isPhone && ' · drag a bar to another row to reassign it'}
            </Typography>
            {jobs.data && <OpenSlotsLine jobs={jobs.data} />}
          </Box>
          <TimelineLegend publishedThrough={publishedThrough} showsAvoided={avoidedBy.size > 0} />
        </Stack>
        {isLoading && <LinearProgress aria-label="Loading the timeline" />}
        {failed && <Alert severity="error">Failed to fetch assignment data.</Alert>}
        {isReady && (
          <TimelineGrid
            rows={rows}
            range={range}
            zoom={zoom}
            today={dayNumber(today)}
            publishedThrough={publishedThrough === null ? null : dayNumber(publishedThrough)}
            nameWidth={isPhone ? 120 : 200}
            height="max(360px, calc(100vh - 290px))"
            openingDay={openingDay(dated, today)}
            jumpTo={jumpTo}
            corner={isPhone ? 'Name' : 'Physicist / kit'}
            avoidedBy={avoidedBy}
            canDrag={canDrag}
            judgeFor={judgeFor}
            onDrop={onDrop}
            onOpenMenu={(bar, anchor) => setMenu({ bar, anchor })}
            onToggleSection={toggleSection}
            renderDetails={renderDetails}
          />
        )}
      </Paper>
      <ReassignMenu
        target={menu}
        onClose={() => setMenu(null)}
        optionsFor={optionsFor}
        onPick={reassign}
        canReassign={canDrag}
        onExplain={(bar) => setExplained(bar.job.id)}
      />
      {explained !== null && <ExplainDialog jobId={explained} onClose={() => setExplained(null)} />}
    </>
  );
}
