import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import type { Offer } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import {
  fChangeInWords,
  OFFER_STATUS,
  offerJobInWords,
  SLOT_WORDS,
} from '../../../lib/offer-words';
import { useToast } from '../../../components/toast/toast-context';
import { useAcceptOffer, useMyOffers, useWithdrawOffer } from '../api/offers';

/** The decision in words: who decided and why, or that it was automatic. */
function outcome(offer: Offer): string | null {
  if (offer.is_auto_approved) return 'Approved automatically';
  if (offer.decided_by === null) return null;
  const verb = offer.status === 'approved' ? 'Approved' : 'Declined';
  return offer.reason === ''
    ? `${verb} by ${offer.decided_by}`
    : `${verb} by ${offer.decided_by}: ${offer.reason}`;
}

function OfferHead({ offer, title }: { offer: Offer; title: string }) {
  const status = OFFER_STATUS[offer.status];
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
      <Chip size="small" label={status.label} color={status.color} sx={{ alignSelf: 'start' }} />
    </Stack>
  );
}

/** An offer made to the user: whose slot, their note, what it does to F, and Accept. */
function OfferedToMe({ offer }: { offer: Offer }) {
  const toast = useToast();
  const accept = useAcceptOffer();
  const job = offerJobInWords(offer.job);
  const mine = offer.candidates[0];
  const takenByOther = offer.taker !== null && offer.taker.id !== mine?.physicist_id;
  return (
    <Paper variant="outlined" component="li" sx={{ p: 1.5, listStyle: 'none' }}>
      <OfferHead offer={offer} title={job} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {offer.from.name} offers their {SLOT_WORDS[offer.slot]} slot
        {takenByOther && offer.taker ? `; ${offer.taker.name} took it` : ''}
      </Typography>
      {offer.note !== '' && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Note: {offer.note}
        </Typography>
      )}
      {mine !== undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {mine.miles === null ? '' : `${Math.round(mine.miles)} mi from your home · `}
          Effect on the plan: {fChangeInWords(mine.delta_f)}
        </Typography>
      )}
      {outcome(offer) !== null && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {outcome(offer)}
        </Typography>
      )}
      {offer.status === 'open' && (
        <Button
          size="small"
          variant="contained"
          sx={{ mt: 1 }}
          disabled={accept.isPending}
          aria-label={`Accept ${job} from ${offer.from.name}`}
          onClick={() =>
            accept.mutate(offer.id, {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          Accept
        </Button>
      )}
    </Paper>
  );
}

/** One of the user's own offers: who could take it, who did, the decision, and Withdraw. */
function MyOffer({ offer }: { offer: Offer }) {
  const toast = useToast();
  const withdraw = useWithdrawOffer();
  const job = offerJobInWords(offer.job);
  const names = offer.candidates.map((c) => c.name);
  const undecided = offer.status === 'open' || offer.status === 'accepted';
  return (
    <Paper variant="outlined" component="li" sx={{ p: 1.5, listStyle: 'none' }}>
      <OfferHead offer={offer} title={`${job} (${SLOT_WORDS[offer.slot]})`} />
      {offer.taker !== null ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {offer.taker.name} accepted it
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {names.length === 0
            ? 'Nobody can take it under the rules now.'
            : `Offered to ${names.join(', ')} (best fit first)`}
        </Typography>
      )}
      {offer.note !== '' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Note: {offer.note}
        </Typography>
      )}
      {outcome(offer) !== null && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {outcome(offer)}
        </Typography>
      )}
      {undecided && (
        <Button
          size="small"
          sx={{ mt: 1 }}
          disabled={withdraw.isPending}
          aria-label={`Withdraw the offer of ${job}`}
          onClick={() =>
            withdraw.mutate(offer.id, {
              onSuccess: () => toast.info('Offer withdrawn.'),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          Withdraw
        </Button>
      )}
    </Paper>
  );
}

/**
 * "Swaps and covers" on My schedule: the jobs colleagues offer the user
 * (Accept), then the user's own offers with who could take them (Withdraw).
 * An offer is made from a job's card (Offer).
 */
export function OffersPanel() {
  const offers = useMyOffers();
  const toMe = offers.data?.to_me ?? [];
  const mine = offers.data?.mine ?? [];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 3, maxWidth: 720 }}
      aria-labelledby="offers-heading"
      component="section"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <SwapHoriz color="primary" />
        <Typography variant="h6" component="h2" id="offers-heading">
          Swaps and covers
        </Typography>
      </Stack>
      {offers.error && <Typography color="error">{errorMessage(offers.error)}</Typography>}
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
        Offered to you ({toMe.length})
      </Typography>
      {offers.data && toMe.length === 0 && (
        <Typography color="text.secondary">No colleague has offered you a job.</Typography>
      )}
      {toMe.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} aria-label="Offered to you">
          {toMe.map((offer) => (
            <OfferedToMe key={offer.id} offer={offer} />
          ))}
        </Stack>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
        Your offers ({mine.length})
      </Typography>
      {offers.data && mine.length === 0 && (
        <Typography color="text.secondary">
          You have not offered a job. Use Offer on one of your next jobs.
        </Typography>
      )}
      {mine.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} aria-label="Your offers">
          {mine.map((offer) => (
            <MyOffer key={offer.id} offer={offer} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
