import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { ALGORITHMS, DEFAULT_ANALYTICS_ALGORITHM, type AlgorithmKey } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { AlgorithmSelect } from '../../../components/algorithm-select';
import { useToast } from '../../../components/toast/toast-context';
import { useRunSingleAlgorithm } from '../api/run-single-algorithm';
import { ResultsTable } from './results-table';

const labelOf = (key: string) => ALGORITHMS.find((a) => a.key === key)?.label ?? key;

/** A what-if run of one algorithm: its distance, balance and workload, without storing anything. */
export function SingleRunSection() {
  const toast = useToast();
  const [algorithm, setAlgorithm] = useState<AlgorithmKey>(DEFAULT_ANALYTICS_ALGORITHM);
  const run = useRunSingleAlgorithm();
  const results = Object.values(run.data?.results ?? {});
  const busiest = Object.entries(run.data?.workload ?? {})
    .sort(([, a], [, b]) => b - a)
    .slice(0, 5);

  const onRun = () =>
    run.mutate(algorithm, {
      onSuccess: (data) => {
        const failed = Object.values(data.results).find((r) => r.error);
        if (failed)
          toast.error(`Analysis for ${labelOf(failed.algorithm)} failed: ${failed.error}`);
      },
      onError: (error) =>
        toast.error(`Analysis for ${labelOf(algorithm)} failed: ${errorMessage(error)}`),
    });

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, height: '100%' }}
      component="section"
      aria-label="Single algorithm run"
    >
      <Typography variant="h6" component="h2">
        Single algorithm run
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Try one algorithm on the current jobs; stored assignments do not change.
      </Typography>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
      >
        <AlgorithmSelect value={algorithm} onChange={setAlgorithm} label="Analysis algorithm" />
        <Button
          variant="contained"
          startIcon={<PlayArrow />}
          onClick={onRun}
          loading={run.isPending}
          loadingPosition="start"
        >
          Run Analysis
        </Button>
      </Stack>
      {results.length > 0 && <ResultsTable results={results} label="Single run result" />}
      {busiest.length > 0 && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1.5 }}
          data-testid="single-run-workload"
        >
          Busiest in this run: {busiest.map(([name, jobs]) => `${name} (${jobs})`).join(', ')}
        </Typography>
      )}
    </Paper>
  );
}
