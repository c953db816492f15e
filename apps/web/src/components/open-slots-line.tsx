import Typography from '@mui/material/Typography';
import { countOpenSlots, openSlotsText, type Job } from '@meridian/domain';

/**
 * The plan's open slots in the words every screen uses ("12 open slots on 9 of
 * 600 jobs"; packages/domain/src/open-slots.ts), counted over every job of
 * `jobs` (the whole jobs list), whatever the screen's window or filters show.
 */
export function OpenSlotsLine({
  jobs,
  variant = 'body2',
}: {
  jobs: readonly Job[];
  /** 'caption' beside the map's own counts. */
  variant?: 'body2' | 'caption';
}) {
  return (
    <Typography variant={variant} component="p" color="text.secondary" data-testid="open-slots">
      {openSlotsText(countOpenSlots(jobs))}
    </Typography>
  );
}
