import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Proposal, Task } from '@meridian/contracts';
import { errorMessage } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useAssignments } from '../../lib/scheduling-api/get-assignments';
import { useKits } from '../../lib/scheduling-api/get-kits';
import { usePhysicists } from '../../lib/scheduling-api/get-physicists';
import {
  useApplyProposal,
  useDiscardProposal,
  useProposal,
} from '../../lib/scheduling-api/proposals';
import { PlanDiff, type DiffSlot } from '../plan-diff/plan-diff';
import { useToast } from '../toast/toast-context';

/** Written by a task's stream under queryKeys.proposalOfTask: the proposal id, or the error it ended with. */
export type ProposalOutcome = number | { error: string } | undefined;

const days = (start: string, end: string) => (start === end ? start : `${start} to ${end}`);

/** What applying does beyond the slots: a physicist's leave is recorded, a kit's absence cannot be. */
export function absenceNotice(proposal: Proposal): string | null {
  const absence = proposal.absence;
  if (absence === null) return null;
  const when = days(absence.start, absence.end);
  if (absence.kit_id !== null)
    return `Applying does not record ${absence.name}'s absence ${when}: a kit has only an out-for-maintenance flag, without dates, so the next kit assignment may give it jobs in those days again.`;
  return `Applying also records ${absence.name} as unavailable ${when} (the days not already on leave), so no later run or manual assignment puts them back. Undoing the applied run removes that leave again.`;
}

/**
 * The proposal of a what-if or preview task, as a dialog's content and
 * actions: its progress while the task works, then the diff (F's parts
 * before and after, changed slots, unfilled slots) with Discard and Apply in
 * the action bar, so they stay in view over a long diff. `onDone` closes the
 * caller's dialog (Close leaves the proposal undecided).
 */
export function ProposalReview({
  taskId,
  waiting,
  onDone,
}: {
  taskId: string;
  /** Said while the task works and has not reported yet. */
  waiting: string;
  onDone: () => void;
}) {
  const toast = useToast();
  const outcome = useQuery<ProposalOutcome>({
    queryKey: queryKeys.proposalOfTask(taskId),
    queryFn: () => undefined,
    enabled: false,
  }).data;
  const tasks = useQuery<Task[]>({ queryKey: queryKeys.activeTasks, enabled: false }).data;
  const task = tasks?.find((t) => t.id === taskId);
  const proposal = useProposal(typeof outcome === 'number' ? outcome : null);
  const physicists = usePhysicists();
  const kits = useKits();
  const jobs = useAssignments();
  const apply = useApplyProposal();
  const discard = useDiscardProposal();

  const close = (
    <Button key="close" onClick={onDone}>
      Close
    </Button>
  );
  const only = (content: ReactNode) => (
    <>
      <DialogContent>{content}</DialogContent>
      <DialogActions>{close}</DialogActions>
    </>
  );
  if (typeof outcome === 'object')
    return only(<Typography color="error">{outcome.error}</Typography>);
  if (proposal.error) return only(<Alert severity="error">{errorMessage(proposal.error)}</Alert>);
  const data = proposal.data;
  if (!data)
    return only(
      <Stack spacing={1} sx={{ mt: 1 }}>
        <Typography>{task?.message || waiting}</Typography>
        <LinearProgress aria-label={waiting} />
      </Stack>,
    );

  const jobName = (id: number) => {
    const job = jobs.data?.find((j) => j.id === id);
    return job ? `${job.customer} (${job.start ?? '?'})` : `Job ${id}`;
  };
  const holder = (slot: DiffSlot, id: number | null) => {
    if (id === null) return 'nobody';
    const list = slot === 'kit' ? kits.data : physicists.data;
    return list?.find((x) => x.id === id)?.name ?? `#${id}`;
  };
  const n = data.changes.length;
  const notice = absenceNotice(data);
  // A published job is promised to people: a change there is on purpose, and they are told.
  const isPublished = (id: number) => jobs.data?.find((j) => j.id === id)?.phase === 'published';
  const publishedChanges = data.changes.filter((c) => isPublished(c.job_id)).length;
  const decided = data.status !== 'ready';
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {data.source === 'preview' && (
            <Typography variant="body2" color="text.secondary">
              A preview of {data.algorithm ?? 'the run'}: nothing in the plan has changed yet.
            </Typography>
          )}
          <PlanDiff
            before={data.objective_before}
            after={data.objective_after}
            summary={n === 0 ? 'Nothing needs to change.' : `${n} slot${n === 1 ? '' : 's'} change`}
            changesLabel="Proposed changes"
            rows={data.changes.map((c) => ({
              job_id: c.job_id,
              slot: c.slot,
              before: holder(c.slot, c.before),
              after: holder(c.slot, c.after),
              note:
                [c.locked ? '(was locked)' : '', isPublished(c.job_id) ? '(published)' : '']
                  .filter(Boolean)
                  .join(' ') || undefined,
            }))}
            unfilled={data.unfilled}
            jobName={jobName}
          />
          {publishedChanges > 0 && (
            <Alert severity="warning">
              {publishedChanges} of these changes {publishedChanges === 1 ? 'is' : 'are'} on
              published jobs, which people have been told of: applying tells them what changed.
            </Alert>
          )}
          {notice && (
            <Alert severity={data.absence?.kit_id == null ? 'info' : 'warning'}>{notice}</Alert>
          )}
          {decided && (
            <Typography color="text.secondary">This proposal was {data.status}.</Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {!decided && (
          <>
            <Button
              disabled={discard.isPending || apply.isPending}
              onClick={() =>
                discard.mutate(data.id, {
                  onSuccess: () => {
                    toast.info('Proposal discarded: nothing was changed.');
                    onDone();
                  },
                  onError: (e) => toast.error(errorMessage(e)),
                })
              }
            >
              Discard
            </Button>
            <Button
              variant="contained"
              disabled={apply.isPending || discard.isPending}
              onClick={() =>
                apply.mutate(data.id, {
                  onSuccess: (applied) => {
                    toast.success(applied.message);
                    onDone();
                  },
                  onError: (e) => toast.error(errorMessage(e)),
                })
              }
            >
              Apply
            </Button>
          </>
        )}
        {close}
      </DialogActions>
    </>
  );
}
