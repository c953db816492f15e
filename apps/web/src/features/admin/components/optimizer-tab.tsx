import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_WEIGHT, WEIGHT_STEP, completeWeights, type Weights } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useWeights } from '../api/get-weights';
import { useUpdateWeights } from '../api/update-weights';
import { useErrorToast } from '../../../components/use-error-toast';
import { fetchFailure } from './fetch-failure';
import { toWeight, weightProblem } from '../weights-input';
import { SwapApprovalSection } from './swap-approval-form';

const FIELDS: { key: keyof Weights; label: string; help: string }[] = [
  { key: 'proximity', label: 'Proximity', help: 'Weight on travel miles (applied per 100 miles).' },
  {
    key: 'job_balance',
    label: 'Job balance',
    help: "Weight on distance from each physicist's fair share.",
  },
  {
    key: 'staff_rotation',
    label: 'Staff rotation',
    help: 'Weight on repeat visits to the same customer.',
  },
  {
    key: 'stability',
    label: 'Stability',
    help: 'Cost of changing one slot the plan already filled: a run moves someone only when the move saves more than this.',
  },
  {
    key: 'preference',
    label: 'Preferences',
    help: 'Cost of each job day on a day the physicist asked to avoid.',
  },
];

/**
 * Optimizer: the objective weights (the spec's three, stability and
 * preferences), then whether swaps are approved automatically.
 */
export function OptimizerTab() {
  const weights = useWeights();
  useErrorToast(weights.error, weights.error ? fetchFailure(weights.error) : '');
  return (
    <Stack spacing={5} sx={{ maxWidth: 480 }}>
      {weights.isPending && <CircularProgress aria-label="Loading weights" />}
      {weights.error && <Alert severity="error">{fetchFailure(weights.error)}</Alert>}
      {weights.data && <WeightsForm saved={weights.data} />}
      <SwapApprovalSection />
    </Stack>
  );
}

function WeightsForm({ saved }: { saved: Weights }) {
  const complete = completeWeights(saved);
  // Text while typing, so a cleared field is not forced to 0 until it is saved.
  const [draft, setDraft] = useState<Record<keyof Weights, string>>({
    proximity: String(complete.proximity),
    job_balance: String(complete.job_balance),
    staff_rotation: String(complete.staff_rotation),
    stability: String(complete.stability),
    preference: String(complete.preference),
  });
  const update = useUpdateWeights();
  const toast = useToast();
  const problems = FIELDS.map((field) => weightProblem(draft[field.key]));

  const save = () =>
    update.mutate(
      {
        proximity: toWeight(draft.proximity),
        job_balance: toWeight(draft.job_balance),
        staff_rotation: toWeight(draft.staff_rotation),
        stability: toWeight(draft.stability),
        preference: toWeight(draft.preference),
      },
      {
        onSuccess: () => toast.success('Optimizer weights updated successfully.'),
        onError: (error) => toast.error(`Failed to update weights: ${errorMessage(error)}`),
      },
    );

  return (
    <Stack spacing={3} sx={{ maxWidth: 480 }}>
      <Typography color="text.secondary">
        The optimiser minimises F = 1,000,000·U + proximity·D/100 + job_balance·B +
        staff_rotation·R, plus stability for each slot of the current plan it changes and
        preferences for each job day on a day someone asked to avoid. Larger weights make that term
        matter more. Each weight is 0 to {MAX_WEIGHT}, so covering every slot always comes first.
      </Typography>
      {FIELDS.map((field, i) => (
        <TextField
          key={field.key}
          label={field.label}
          type="number"
          value={draft[field.key]}
          error={problems[i] !== null}
          helperText={problems[i] ?? field.help}
          slotProps={{ htmlInput: { step: WEIGHT_STEP, min: 0, max: MAX_WEIGHT } }}
          onChange={(event) =>
            setDraft((current) => ({ ...current, [field.key]: event.target.value }))
          }
          onBlur={() =>
            setDraft((current) => ({
              ...current,
              [field.key]: String(toWeight(current[field.key])),
            }))
          }
        />
      ))}
      <div>
        <Button
          variant="contained"
          onClick={save}
          disabled={update.isPending || problems.some((problem) => problem !== null)}
        >
          Save Weights
        </Button>
      </div>
    </Stack>
  );
}
