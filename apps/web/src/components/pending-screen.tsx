import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from './page-header';

interface PendingScreenProps {
  title: string;
  /** What the screen will do once the scheduling data arrives. */
  purpose: string;
}

/**
 * A data screen whose content arrives with the scheduling data (a later issue).
 * It says so plainly instead of showing invented rows.
 */
export function PendingScreen({ title, purpose }: PendingScreenProps) {
  return (
    <>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography sx={{ mb: 1 }}>{purpose}</Typography>
        <Typography color="text.secondary">
          This screen arrives with the scheduling data; nothing is shown here until then.
        </Typography>
      </Paper>
    </>
  );
}
