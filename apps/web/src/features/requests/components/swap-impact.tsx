import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SwapImpact } from '@meridian/contracts';
import { fChangeInWords, SLOT_WORDS } from '../../../lib/offer-words';

/**
 * A pending swap's impact, read now: whether every hard rule still lets the
 * taker have the slot (or the rule it would break, in words), and F's change
 * now beside the one measured when the taker accepted, said once when they
 * agree to two decimals.
 */
export function SwapImpactView({ impact }: { impact: SwapImpact }) {
  const accepted = fChangeInWords(impact.at_accept.delta_f);
  const { now } = impact;
  if (now === null)
    return (
      <Typography variant="body2" color="text.secondary">
        Decided: nothing is left to apply. When accepted: {accepted}.
      </Typography>
    );
  const current = now.delta === null ? null : fChangeInWords(now.delta.delta_f);
  return (
    <Stack spacing={1}>
      {now.rules_hold ? (
        <Alert severity="info" sx={{ py: 0 }}>
          Every hard rule still holds: {impact.to.name} can take the {SLOT_WORDS[impact.slot]} slot
          now.
        </Alert>
      ) : (
        <Alert severity="error" sx={{ py: 0, overflowWrap: 'anywhere' }}>
          A hard rule now refuses this swap: {now.conflict}. Approving it would be refused.
        </Alert>
      )}
      {current === null ? (
        <Typography variant="body2">When accepted: {accepted} (lower is better).</Typography>
      ) : (
        <div>
          <Typography variant="body2">
            Effect on the plan now: {current} (lower is better)
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {current === accepted
              ? 'The same as when it was accepted.'
              : `When it was accepted: ${accepted}. The plan has changed since.`}
          </Typography>
        </div>
      )}
    </Stack>
  );
}
