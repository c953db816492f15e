import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ProposalReview } from '../../../components/proposal/proposal-review';

/**
 * A preview run (apply=false): follows the run, then shows what it would
 * change as the same diff the what-if dialog shows, with Apply and Discard.
 * Closing leaves the proposal undecided; nothing in the plan changes.
 */
export function PreviewDialog({
  taskId,
  name,
  onClose,
}: {
  /** The preview's task; null keeps the dialog closed. */
  taskId: string | null;
  name: string;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={taskId !== null} onClose={onClose} fullWidth maxWidth="md" fullScreen={isPhone}>
      <DialogTitle>{name}</DialogTitle>
      {taskId !== null && (
        <ProposalReview taskId={taskId} waiting="Running the preview…" onDone={onClose} />
      )}
    </Dialog>
  );
}
