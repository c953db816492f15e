import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAssignments } from '../../../lib/scheduling-api/get-assignments';
import { useKits } from '../../../lib/scheduling-api/get-kits';
import { usePhysicists } from '../../../lib/scheduling-api/get-physicists';
import { useZipIndex } from '../../../lib/scheduling-api/get-zip-data';
import { errorMessage } from '../../../lib/api-client';
import { useUsShapes } from '../api/get-us-shapes';
import { filterMapJobs, NO_MAP_FILTER, type MapFilter } from '../map-filter';
import { buildMapModel } from '../map-model';
import { weekOf } from '../map-dates';
import { useOrgTodayState } from '../../../lib/org-today';
import { fitUsProjection, mapHeightFor } from '../us-projection';
import { useElementWidth } from '../../../lib/use-element-size';
import { OpenSlotsLine } from '../../../components/open-slots-line';
import { MapFilters } from './map-filters';
import { MapLegend } from './map-legend';
import { MapSidePanel } from './map-side-panel';
import { UsMapSvg } from './us-map-svg';
import { MapZoomControls } from './map-zoom-controls';
import { useMapZoom } from '../use-map-zoom';
import { touchActionFor } from '../zoom-gesture';

interface Selection {
  zip: string | null;
  jobId: number | null;
}

const dateProblemOf = (filter: MapFilter): string | null =>
  filter.from !== null && filter.to !== null && filter.from > filter.to
    ? `The date range ends (${filter.to}) before it starts (${filter.from}).`
    : null;

/**
 * The offline map with its filters, legend and side panel. `maxMapHeight`
 * caps the drawing's height (the analytics panel is shorter than /map).
 * With `opensOnThisWeek` it starts on the organisation's current week (all of
 * a year's jobs at once draw a thousand crossing trips) until the filters change.
 */
export function MapView({
  maxMapHeight,
  opensOnThisWeek = false,
}: {
  maxMapHeight: number;
  opensOnThisWeek?: boolean;
}) {
  const shapes = useUsShapes();
  const assignments = useAssignments();
  const physicists = usePhysicists();
  const kits = useKits();
  const zips = useZipIndex();
  const { today, settled: todaySettled } = useOrgTodayState();
  // null until the user changes a filter: the opening filter follows the server's today once known.
  const [chosenFilter, setFilter] = useState<MapFilter | null>(null);
  // The opening week is drawn only once the server has named today, never the browser's week first.
  const waitsForToday = opensOnThisWeek && chosenFilter === null && !todaySettled;
  const filter = useMemo(
    () =>
      chosenFilter ?? (opensOnThisWeek ? { ...NO_MAP_FILTER, ...weekOf(today) } : NO_MAP_FILTER),
    [chosenFilter, opensOnThisWeek, today],
  );
  const [selection, setSelection] = useState<Selection>({ zip: null, jobId: null });
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const height = Math.min(mapHeightFor(width), maxMapHeight);

  const projection = useMemo(
    () => (shapes.data && width > 100 ? fitUsProjection(shapes.data, width, height) : null),
    [shapes.data, width, height],
  );
  const zoom = useMapZoom(projection?.width ?? 0, projection?.height ?? 0);
  const dateProblem = dateProblemOf(filter);
  const model = useMemo(() => {
    if (waitsForToday || !projection || !assignments.data || !physicists.data) return null;
    if (!kits.data || !zips.data) return null;
    const applied = dateProblem ? { ...filter, from: null, to: null } : filter;
    return buildMapModel({
      jobs: filterMapJobs(assignments.data, applied),
      allJobs: assignments.data,
      physicists: physicists.data,
      kits: kits.data,
      zips: zips.data,
      project: projection.project,
      chosenPhysicistIds: filter.physicistIds,
      today,
    });
  }, [
    projection,
    assignments.data,
    physicists.data,
    kits.data,
    zips.data,
    filter,
    dateProblem,
    today,
    waitsForToday,
  ]);

  const selectSite = useCallback(
    (zip: string) => {
      const jobIds = model?.sites.find((site) => site.zip === zip)?.jobIds ?? [];
      setSelection({ zip, jobId: jobIds.length === 1 ? (jobIds[0] ?? null) : null });
    },
    [model],
  );
  const selectJob = (jobId: number) =>
    setSelection({ zip: model?.jobs.get(jobId)?.job.zip_code.trim() ?? null, jobId });

  const failure = [shapes, assignments, physicists, kits, zips].find((query) => query.error)?.error;
  return (
    <Stack spacing={1.5}>
      <MapFilters
        physicists={physicists.data ?? []}
        filter={filter}
        today={today}
        dateProblem={dateProblem}
        onChange={(next) => {
          setFilter(next);
          setSelection({ zip: null, jobId: null });
        }}
      />
      {failure ? (
        <Alert severity="error">Failed to load the map: {errorMessage(failure)}</Alert>
      ) : null}
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', lg: 'row' },
          gap: 2,
          alignItems: 'stretch',
        }}
      >
        <Box ref={ref} sx={{ flex: '1 1 auto', minWidth: 0 }}>
          {!model && !failure && <LinearProgress aria-label="Loading the map" />}
          {projection && model && (
            <>
              <Box sx={{ width: projection.width, maxWidth: '100%' }}>
                <MapZoomControls
                  scale={zoom.transform.k}
                  onZoomIn={zoom.zoomIn}
                  onZoomOut={zoom.zoomOut}
                  onReset={zoom.reset}
                />
                <UsMapSvg
                  projection={projection}
                  model={model}
                  selectedJobId={selection.jobId}
                  selectedZip={selection.zip}
                  onSelectSite={selectSite}
                  transform={zoom.transform}
                  svgRef={zoom.svgRef}
                  touchAction={touchActionFor(zoom.transform.k)}
                />
              </Box>
              <Typography
                variant="caption"
                color="text.secondary"
                component="p"
                data-testid="map-counts"
              >
                {model.jobs.size} jobs ({model.unplacedJobs.length} not on the map) at{' '}
                {model.sites.length} sites, {model.lines.length} trips
              </Typography>
              {assignments.data && <OpenSlotsLine jobs={assignments.data} variant="caption" />}
              <MapLegend />
            </>
          )}
        </Box>
        {model && (
          <Box sx={{ flex: { lg: '0 0 320px' }, minWidth: 0 }}>
            <MapSidePanel
              model={model}
              selectedZip={selection.zip}
              selectedJobId={selection.jobId}
              onSelectJob={selectJob}
            />
          </Box>
        )}
      </Box>
    </Stack>
  );
}
