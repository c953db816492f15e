import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CompareArrows from '@mui/icons-material/CompareArrows';
import StopCircle from '@mui/icons-material/StopCircle';
import type { Task } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useToast } from '../../../components/toast/toast-context';
import { useCancelComparison, useComparison, useStartComparison } from '../api/comparison';
import { rankResults, recommend } from '../comparison-ranking';
import { ChartErrorBoundary } from './chart-error-boundary';
import { ComparisonChart } from './comparison-chart';
import { RecommendationNote } from './recommendation';
import { ResultsTable } from './results-table';

/** A comparison still running from before this screen opened (its stream lives in the task panel). */
function runningComparisonId(tasks: Task[] | undefined): string | null {
  const running = tasks?.filter(
    (t) => t.type === 'comparison' && (t.status === 'queued' || t.status === 'running'),
  );
  return running?.at(-1)?.id ?? null;
}

/**
 * Runs every algorithm on the current jobs (nothing is stored) and shows the
 * results as they stream in, ranked by F, with the one it recommends and why.
 */
export function ComparisonSection() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [id, setId] = useState(() =>
    runningComparisonId(queryClient.getQueryData<Task[]>(queryKeys.activeTasks)),
  );
  const { data: state } = useComparison(id);
  const start = useStartComparison();
  const cancel = useCancelComparison();
  const isRunning = state?.status === 'running';
  const results = rankResults(Object.values(state?.results ?? {}));
  const recommendation = recommend(results);
  const percent = state && state.total > 0 ? (state.progress / state.total) * 100 : 0;

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: setId,
      onError: (error) => toast.error(`Comparison failed to start: ${errorMessage(error)}`),
    });
  const onCancel = () => {
    if (!id) return;
    cancel.mutate(id, {
      onSuccess: () => toast.success('Comparison task cancelled.'),
      onError: (error) => toast.error(`Failed to cancel task: ${errorMessage(error)}`),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Algorithm comparison">
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
      >
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Algorithm comparison
        </Typography>
        {isRunning ? (
          <Button
            color="warning"
            variant="outlined"
            startIcon={<StopCircle />}
            onClick={onCancel}
            loading={cancel.isPending}
            loadingPosition="start"
          >
            Cancel Comparison
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<CompareArrows />}
            onClick={onStart}
            loading={start.isPending}
            loadingPosition="start"
          >
            Compare Algorithms
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Runs each algorithm on today&apos;s jobs, ranks them and recommends one. Stored assignments
        do not change.
      </Typography>
      {isRunning && (
        <Stack spacing={0.5} sx={{ mb: 2 }} data-testid="comparison-progress">
          <LinearProgress
            variant={state.total > 0 ? 'determinate' : 'indeterminate'}
            value={percent}
            aria-label="Comparison progress"
          />
          <Typography variant="caption" color="text.secondary">
            {state.total > 0
              ? `${Math.floor(state.progress)} of ${state.total} algorithms done`
              : 'Starting…'}
          </Typography>
        </Stack>
      )}
      {state?.status === 'cancelled' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Comparison cancelled; results so far are kept below.
        </Alert>
      )}
      {state?.status === 'error' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Multi-algorithm analysis failed: {state.error}
        </Alert>
      )}
      {recommendation && (
        <RecommendationNote
          recommendation={recommendation}
          isFinal={state?.status === 'complete'}
        />
      )}
      {results.length > 0 && (
        <>
          <ResultsTable
            results={results}
            label="Comparison results"
            ranked
            recommended={state?.status === 'complete' ? (recommendation?.algorithm ?? null) : null}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
            Ranked by the objective F, lower is better: every empty slot outweighs all else, then
            miles, workload balance and repeat visits to a customer count by the weights an
            administrator sets (About explains it). Equal F (to the tenth shown): the faster first.
            σ is the standard deviation of jobs a person.
          </Typography>
          <ChartErrorBoundary>
            <ComparisonChart results={results} />
          </ChartErrorBoundary>
        </>
      )}
    </Paper>
  );
}
