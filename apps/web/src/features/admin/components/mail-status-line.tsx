import Alert from '@mui/material/Alert';
import { useMailStatus } from '../api/get-mail-status';

/**
 * One line above the accounts: whether notices reach people's e-mail
 * ("E-mail is off: SMTP_URL is not set"), and any deliveries that failed.
 */
export function MailStatusLine() {
  const status = useMailStatus();
  const data = status.data;
  if (data === undefined) return null;
  const failed = data.counts.failed;
  const waiting = data.recent_failures.filter((f) => f.state === 'queued').length;
  const trouble = [
    failed > 0 ? `${failed} could not be delivered` : null,
    waiting > 0 ? `${waiting} waiting to be tried again` : null,
  ].filter((part) => part !== null);
  return (
    <Alert
      severity={!data.enabled ? 'info' : trouble.length > 0 ? 'warning' : 'success'}
      sx={{ mb: 2, overflowWrap: 'anywhere' }}
      data-testid="mail-status"
    >
      {data.summary}
      {trouble.length > 0 && `. Notices' e-mail: ${trouble.join(', ')}.`}
    </Alert>
  );
}
