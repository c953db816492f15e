import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { KitExplanation } from '@meridian/contracts';
import { SlotHeading } from './slot-heading';
import { kitAlternativeLine, kitAssignedLine, kitNextBestLine } from './explain-text';

/**
 * The kit slot: F leaves kits out, so this says what decides them (the kit
 * assignment's fewest kit miles and its rules), what this job costs the
 * holder's route, and the free kits by the change of total kit miles.
 */
export function KitSection({ kit }: { kit: KitExplanation }) {
  return (
    <Box component="section" aria-label="Kit slot" sx={{ mb: 2.5 }}>
      <SlotHeading title="Kit" pinned={kit.pinned} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {kit.decided_by}
      </Typography>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {kit.assigned === null ? 'No kit holds this job.' : kitAssignedLine(kit.assigned)}
      </Typography>
      {kit.note !== null && (
        <Alert severity="info" sx={{ my: 1 }}>
          {kit.note}
        </Alert>
      )}
      {(kit.alternatives.length > 0 || kit.note === null) && (
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="next-best-kit">
          {kitNextBestLine(kit)}
        </Typography>
      )}
      {kit.alternatives.length > 1 && (
        <Box component="ol" start={2} sx={{ m: 0, mt: 0.5, pl: 3 }}>
          {kit.alternatives.slice(1).map((alt) => (
            <Typography component="li" variant="body2" key={alt.kit_id}>
              {kitAlternativeLine(alt)}
            </Typography>
          ))}
        </Box>
      )}
      {kit.more_feasible > 0 && (
        <Typography variant="caption" color="text.secondary" component="div">
          {kit.more_feasible} more kits are free, each adding more kit miles.
        </Typography>
      )}
      {kit.refused.length > 0 && (
        <>
          <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
            Cannot take it
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {kit.refused.map((r) => (
              <Typography component="li" variant="body2" color="text.secondary" key={r.kit_id}>
                {r.reason}
              </Typography>
            ))}
          </Box>
        </>
      )}
      <Typography variant="caption" color="text.secondary" component="div">
        All kits together travel {Math.round(kit.total_kit_miles).toLocaleString('en-US')} mi in
        this plan.
      </Typography>
    </Box>
  );
}
