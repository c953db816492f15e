import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isRealDate, type PlanWindow } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { dayInWords, publishDates, publishedThroughText } from '../../../lib/plan-phase';
import { useToast } from '../../../components/toast/toast-context';
import { usePublishPreview } from '../api/get-publish-preview';
import { usePublishPlan } from '../api/publish-plan';
import { previewText, publishedToast } from '../publish-words';

interface PublishDialogProps {
  isOpen: boolean;
  window: PlanWindow;
  onClose: () => void;
}

/**
 * "Publish through…": a date (proposed: the end of next week), what publishing
 * through it would do (asked of the server as the date changes), and Publish.
 * Closing keeps nothing.
 */
export function PublishDialog({ isOpen, window, onClose }: PublishDialogProps) {
  return (
    // Named here too: while it closes, its form (and so its title) is already gone.
    <Dialog
      open={isOpen}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { 'aria-label': 'Publish the plan' } }}
    >
      {isOpen && <PublishForm window={window} onClose={onClose} />}
    </Dialog>
  );
}

function PublishForm({ window, onClose }: Omit<PublishDialogProps, 'isOpen'>) {
  const dates = publishDates(window.today, window.published_through);
  const [through, setThrough] = useState(dates.proposed);
  const isDate = isRealDate(through);
  const preview = usePublishPreview(isDate ? through : null);
  const publish = usePublishPlan();
  const toast = useToast();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isDate) return;
    publish.mutate(through, {
      onSuccess: (answer) => {
        toast.success(publishedToast(answer.published_through, answer.notified));
        onClose();
      },
      // The dialog stays open on the chosen date; the toast gives the server's reason.
      onError: (error) => toast.error(`Publishing failed: ${errorMessage(error)}`),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogTitle>Publish the plan</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          People see published jobs as confirmed, and each person with new or changed published jobs
          is told. Publishing only moves forward. {publishedThroughText(window.published_through)}.
        </DialogContentText>
        <TextField
          type="date"
          label="Publish through"
          value={through}
          onChange={(event) => setThrough(event.target.value)}
          autoFocus
          fullWidth
          helperText={`From ${dayInWords(dates.min)} to ${dayInWords(dates.max)}`}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: dates.min, max: dates.max },
          }}
        />
        <PreviewLine
          isDate={isDate}
          error={preview.error}
          counts={preview.isPlaceholderData ? undefined : preview.data}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!isDate || preview.isError || publish.isPending}
        >
          Publish
        </Button>
      </DialogActions>
    </form>
  );
}

/** What publishing through the chosen date would do, or why it cannot (the server's words). */
function PreviewLine(props: {
  isDate: boolean;
  error: Error | null;
  counts: { jobs_newly_published: number; people_to_tell: number } | undefined;
}) {
  if (props.error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {errorMessage(props.error)}
      </Alert>
    );
  return (
    <Typography sx={{ mt: 2 }} aria-live="polite" data-testid="publish-preview">
      {!props.isDate
        ? 'Choose a date.'
        : props.counts
          ? previewText(props.counts.jobs_newly_published, props.counts.people_to_tell)
          : 'Counting…'}
    </Typography>
  );
}
