import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

interface AccountFormDialogProps {
  open: boolean;
  /** The heading, which names the dialog. */
  title: string;
  /** The heading's id (the dialog's aria-labelledby). */
  titleId: string;
  /** Escape or a click outside. */
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  /** A sentence above the fields, if any. */
  intro?: ReactNode;
  /** A refusal (the server's, as it says it), shown as an alert above the fields. */
  refusal: string | null;
  /** The button beside the submit button: Cancel, or the way out when the dialog cannot be dismissed. */
  other: { label: string; onClick: () => void };
  submitLabel: string;
  canSubmit: boolean;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * The frame of a change to one's own account (password, e-mail): a small
 * dialog holding one form, an optional sentence, the refusal, the fields, and
 * two buttons.
 */
export function AccountFormDialog({
  open,
  title,
  titleId,
  onClose,
  onSubmit,
  intro,
  refusal,
  other,
  submitLabel,
  canSubmit,
  children,
}: AccountFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {intro !== undefined && (
              <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{intro}</DialogContentText>
            )}
            {refusal !== null && (
              <Alert severity="error" role="alert">
                {refusal}
              </Alert>
            )}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={other.onClick}>{other.label}</Button>
          <Button type="submit" variant="contained" disabled={!canSubmit}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
