import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Job } from '@meridian/domain';
import type { MapModel } from '../map-model';
import { JobDetails } from './job-details';

/** Long lists stop here; the count says how many more there are. */
const LIST_LIMIT = 100;

interface MapSidePanelProps {
  model: MapModel;
  selectedZip: string | null;
  selectedJobId: number | null;
  onSelectJob: (jobId: number) => void;
}

function JobList(
  props: { label: string; jobs: { job: Job; note: string }[] } & Pick<
    MapSidePanelProps,
    'selectedJobId' | 'onSelectJob'
  >,
) {
  const { label, jobs, selectedJobId, onSelectJob } = props;
  return (
    <>
      <List dense aria-label={label} sx={{ py: 0 }}>
        {jobs.slice(0, LIST_LIMIT).map(({ job, note }) => (
          <ListItem key={job.id} disablePadding>
            <ListItemButton
              selected={job.id === selectedJobId}
              onClick={() => onSelectJob(job.id)}
              sx={{ borderRadius: 1 }}
            >
              <ListItemText primary={job.customer} secondary={note} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {jobs.length > LIST_LIMIT && (
        <Typography variant="caption" color="text.secondary">
          and {jobs.length - LIST_LIMIT} more
        </Typography>
      )}
    </>
  );
}

/**
 * Beside the map: a job finder, the chosen job's assignment (or the jobs at
 * the chosen site), and the jobs, homes and kits that cannot be drawn.
 */
export function MapSidePanel({
  model,
  selectedZip,
  selectedJobId,
  onSelectJob,
}: MapSidePanelProps) {
  const entries = [...model.jobs.values()];
  const selected = selectedJobId === null ? undefined : model.jobs.get(selectedJobId);
  const atSite =
    selectedZip === null ? [] : (model.sites.find((s) => s.zip === selectedZip)?.jobIds ?? []);
  const dated = (job: Job) => job.start ?? 'no dates';
  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Autocomplete
        size="small"
        options={entries}
        value={selected ?? null}
        getOptionLabel={(entry) => `${entry.job.customer} (${dated(entry.job)})`}
        getOptionKey={(entry) => entry.job.id}
        isOptionEqualToValue={(a, b) => a.job.id === b.job.id}
        filterOptions={(options, { inputValue }) => {
          const text = inputValue.trim().toLowerCase();
          return options.filter((o) => o.job.customer.toLowerCase().includes(text)).slice(0, 50);
        }}
        onChange={(_, entry) => entry && onSelectJob(entry.job.id)}
        renderInput={(params) => <TextField {...params} label="Find a job" />}
      />
      {atSite.length > 1 && (
        <Box>
          <Typography variant="overline" color="text.secondary">
            {atSite.length} jobs at {selectedZip}
          </Typography>
          <JobList
            label={`Jobs at ${selectedZip}`}
            jobs={atSite.flatMap((id) => {
              const entry = model.jobs.get(id);
              return entry ? [{ job: entry.job, note: dated(entry.job) }] : [];
            })}
            selectedJobId={selectedJobId}
            onSelectJob={onSelectJob}
          />
        </Box>
      )}
      {selected ? (
        <JobDetails entry={selected} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Click a job site (a circle) to see its assignment.
        </Typography>
      )}
      <Divider />
      <Box>
        <Typography variant="overline" color="text.secondary">
          Not on the map: {model.unplacedJobs.length}{' '}
          {model.unplacedJobs.length === 1 ? 'job' : 'jobs'}
        </Typography>
        <Box sx={{ maxHeight: 260, overflowY: 'auto' }}>
          <JobList
            label="Jobs without coordinates"
            jobs={model.unplacedJobs.map(({ job, reason }) => ({
              job,
              note: reason === 'no zip' ? 'no zip' : `${job.zip_code}: ${reason}`,
            }))}
            selectedJobId={selectedJobId}
            onSelectJob={onSelectJob}
          />
        </Box>
        {model.unplacedHomes.length > 0 && (
          <Typography variant="caption" color="text.secondary" component="p">
            Homes not drawn (zip without coordinates):{' '}
            {model.unplacedHomes.map((p) => `${p.name} (${p.home_zip})`).join(', ')}
          </Typography>
        )}
        {model.unplacedKits.length > 0 && (
          <Typography variant="caption" color="text.secondary" component="p">
            Kits not drawn (no placeable zip and no job):{' '}
            {model.unplacedKits.map((k) => k.name).join(', ')}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
