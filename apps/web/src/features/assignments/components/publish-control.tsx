import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventAvailable from '@mui/icons-material/EventAvailable';
import { publishedThroughText } from '../../../lib/plan-phase';
import { usePlanWindow } from '../../../lib/scheduling-api/get-plan-window';
import { PublishDialog } from './publish-dialog';

/**
 * How far the plan is published, for everyone; for admins and managers the
 * "Publish through…" button and its dialog.
 */
export function PublishControl({
  canPublish,
  children,
}: {
  canPublish: boolean;
  /** More of the managers' ways to tell people, after Publish through… */
  children?: ReactNode;
}) {
  const window = usePlanWindow();
  const [isOpen, setOpen] = useState(false);
  if (!window.data) return null;
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mt: -1, mb: 2 }}
    >
      <Typography variant="body2" color="text.secondary" data-testid="published-through">
        {publishedThroughText(window.data.published_through)}
      </Typography>
      {canPublish && (
        <>
          <Button variant="outlined" startIcon={<EventAvailable />} onClick={() => setOpen(true)}>
            Publish through…
          </Button>
          <PublishDialog isOpen={isOpen} window={window.data} onClose={() => setOpen(false)} />
        </>
      )}
      {children}
    </Stack>
  );
}
