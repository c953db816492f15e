import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LeaveRepair, RequestItem } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { PageHeader } from '../../../components/page-header';
import { useRequests } from '../api/get-requests';
import { DecisionDialog } from './decision-dialog';
import { RepairDialog } from './repair-dialog';
import { RequestCard } from './request-card';
import { SwapCard } from './swap-card';

/**
 * /requests, the managers' inbox: pending requests first, each with its
 * impact on the plan and Approve / Decline; then the decided ones. A leave
 * approval opens its repair (a what-if proposal) to review and apply; a
 * swap (an accepted offer) shows who gives which job to whom and its effect
 * on F, and its approval changes the plan at once.
 */
export function RequestsPage() {
  const queryClient = useQueryClient();
  const inbox = useRequests();
  const [deciding, setDeciding] = useState<{
    request: RequestItem;
    decision: 'approve' | 'decline';
  } | null>(null);
  const [repairing, setRepairing] = useState<{ repair: LeaveRepair; who: string } | null>(null);
  const items = inbox.data?.items ?? [];
  const pending = items.filter((i) => i.status === 'pending');
  const decided = items.filter((i) => i.status !== 'pending');
  const closeRepair = () => {
    setRepairing(null);
    void queryClient.invalidateQueries({ queryKey: queryKeys.requests });
  };
  const card = (request: RequestItem) =>
    request.kind === 'swap' ? (
      <SwapCard
        key={request.id}
        request={request}
        onDecide={(decision) => setDeciding({ request, decision })}
      />
    ) : (
      <RequestCard
        key={request.id}
        request={request}
        onDecide={(decision) => setDeciding({ request, decision })}
        onRepair={() =>
          request.repair && setRepairing({ repair: request.repair, who: request.physicist.name })
        }
      />
    );
  return (
    <>
      <PageHeader title="Requests" />
      {inbox.isPending && <LinearProgress aria-label="Loading requests" />}
      {inbox.error && <Alert severity="error">{errorMessage(inbox.error)}</Alert>}
      {inbox.data && (
        <Stack spacing={3}>
          <section aria-labelledby="pending-heading">
            <Typography variant="h6" component="h2" id="pending-heading" sx={{ mb: 1.5 }}>
              Waiting for a decision ({pending.length})
            </Typography>
            {pending.length === 0 ? (
              <Typography color="text.secondary">No requests are waiting.</Typography>
            ) : (
              <Stack spacing={1.5}>{pending.map(card)}</Stack>
            )}
          </section>
          <section aria-labelledby="decided-heading">
            <Typography variant="h6" component="h2" id="decided-heading" sx={{ mb: 1.5 }}>
              Decided ({decided.length})
            </Typography>
            {decided.length === 0 ? (
              <Typography color="text.secondary">Nothing decided yet.</Typography>
            ) : (
              <Stack spacing={1.5}>{decided.map(card)}</Stack>
            )}
          </section>
        </Stack>
      )}
      {deciding && (
        <DecisionDialog
          request={deciding.request}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDecided={({ request }) => {
            setDeciding(null);
            if (request.kind === 'leave' && request.repair !== null)
              setRepairing({ repair: request.repair, who: request.physicist.name });
          }}
        />
      )}
      {repairing && (
        <RepairDialog repair={repairing.repair} who={repairing.who} onClose={closeRepair} />
      )}
    </>
  );
}
