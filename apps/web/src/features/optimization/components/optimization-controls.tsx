import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Stack from '@mui/material/Stack';
import AutoFixHigh from '@mui/icons-material/AutoFixHigh';
import Inventory2 from '@mui/icons-material/Inventory2';
import Preview from '@mui/icons-material/Preview';
import { DEFAULT_ASSIGNMENT_ALGORITHM, type AlgorithmKey } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { pushNotification } from '../../../lib/notifications';
import { useSession } from '../../../lib/session-store';
import { useToast } from '../../../components/toast/toast-context';
import { useAssignKits } from '../api/assign-kits';
import { useStartOptimization } from '../api/start-optimization';
import { AlgorithmSelect } from '../../../components/algorithm-select';
import { PreviewDialog } from './preview-dialog';

/**
 * The algorithm selector, 'Run Optimization', 'Preview' and 'Assign Kits' for
 * admins and managers, who may run optimisation and assign kits; regular users
 * get nothing. A preview runs the same algorithm without applying: its result
 * opens as a proposal to apply or discard. Runs change only draft jobs unless
 * 'Published weeks too' is on.
 */
export function OptimizationControls() {
  const session = useSession();
  const toast = useToast();
  const [algorithm, setAlgorithm] = useState<AlgorithmKey>(DEFAULT_ASSIGNMENT_ALGORITHM);
  const [preview, setPreview] = useState<{ id: string; name: string } | null>(null);
  // Off: runs change only draft weeks; published ones are promised to people.
  const [published, setPublished] = useState(false);
  const scope = published ? 'published' : 'draft';
  const start = useStartOptimization();
  const startPreview = useStartOptimization();
  const assignKits = useAssignKits();
  const role = session?.claims.role;
  if (role !== 'admin' && role !== 'manager') return null;

  const run = () =>
    start.mutate(
      { algorithm, preview: false, scope },
      {
        onSuccess: (task) => toast.success(`Optimization task ${task.name} has been started.`),
        onError: (error) => toast.error(`Failed to start optimization: ${errorMessage(error)}`),
      },
    );
  const runPreview = () =>
    startPreview.mutate(
      { algorithm, preview: true, scope },
      {
        onSuccess: (task) => setPreview({ id: task.id, name: task.name }),
        onError: (error) => toast.error(`Failed to start optimization: ${errorMessage(error)}`),
      },
    );
  const kits = () =>
    assignKits.mutate(undefined, {
      onSuccess: ({ message }) => {
        toast.success(message);
        pushNotification(message, 'success');
      },
      onError: (error) => toast.error(`Kit assignment failed: ${errorMessage(error)}`),
    });

  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="optimization-controls"
    >
      <AlgorithmSelect value={algorithm} onChange={setAlgorithm} label="Optimization algorithm" />
      <Button
        variant="contained"
        startIcon={<AutoFixHigh />}
        onClick={run}
        loading={start.isPending}
        loadingPosition="start"
      >
        Run Optimization
      </Button>
      <Button
        variant="outlined"
        startIcon={<Preview />}
        onClick={runPreview}
        loading={startPreview.isPending}
        loadingPosition="start"
        title="Run without applying: see what would change, then apply or discard it"
      >
        Preview
      </Button>
      <FormControlLabel
        control={
          <Switch checked={published} onChange={(event) => setPublished(event.target.checked)} />
        }
        label="Published weeks too"
        title="Off: a run changes only jobs not yet published. On: it may move people on published jobs too, and tells them. Past jobs never change."
      />
      <Button
        variant="outlined"
        startIcon={<Inventory2 />}
        onClick={kits}
        loading={assignKits.isPending}
        loadingPosition="start"
      >
        Assign Kits
      </Button>
      <PreviewDialog
        taskId={preview?.id ?? null}
        name={preview?.name ?? ''}
        onClose={() => setPreview(null)}
      />
    </Stack>
  );
}
