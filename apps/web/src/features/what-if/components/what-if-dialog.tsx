import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Task } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useAssignments } from '../../../lib/scheduling-api/get-assignments';
import { useKits } from '../../../lib/scheduling-api/get-kits';
import { usePhysicists } from '../../../lib/scheduling-api/get-physicists';
import { useSession } from '../../../lib/session-store';
import { useToast } from '../../../components/toast/toast-context';
import { useApplyProposal, useDiscardProposal } from '../api/decide-proposal';
import { useProposal } from '../api/get-proposal';
import { useStartWhatIf } from '../api/start-what-if';
import { ProposalDiff } from './proposal-diff';

/** Written by the what-if's stream: the proposal id, or the error it ended with. */
type TaskOutcome = number | { error: string } | undefined;

/**
 * "What if…": who is out (a physicist or a kit) and when; follows the task,
 * then shows its proposal as a diff with Apply and Discard (admins and managers).
 */
export function WhatIfDialog() {
  const session = useSession();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [who, setWho] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [taskId, setTaskId] = useState<string | null>(null);
  const physicists = usePhysicists();
  const kits = useKits();
  const jobs = useAssignments();
  const startWhatIf = useStartWhatIf();
  const apply = useApplyProposal();
  const discard = useDiscardProposal();
  const outcome = useQuery<TaskOutcome>({
    queryKey: queryKeys.proposalOfTask(taskId ?? ''),
    queryFn: () => undefined,
    enabled: false,
  }).data;
  const tasks = useQuery<Task[]>({ queryKey: queryKeys.activeTasks, enabled: false }).data;
  const task = tasks?.find((t) => t.id === taskId);
  const proposalId = typeof outcome === 'number' ? outcome : null;
  const proposal = useProposal(proposalId);
  const role = session?.claims.role;
  if (role !== 'admin' && role !== 'manager') return null;

  const close = () => {
    setOpen(false);
    setTaskId(null);
  };
  const ask = () => {
    const [kind, id] = who.split(':');
    const body =
      kind === 'kit'
        ? { kit_id: Number(id), start, end }
        : { physicist_id: Number(id), start, end };
    startWhatIf.mutate(body, {
      onSuccess: (started) => setTaskId(started.id),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  const jobName = (id: number) => {
    const job = jobs.data?.find((j) => j.id === id);
    return job ? `${job.customer} (${job.start ?? '?'})` : `Job ${id}`;
  };
  const holderName = (slot: string, id: number | null) => {
    if (id === null) return 'nobody';
    const list = slot === 'kit' ? kits.data : physicists.data;
    return list?.find((x) => x.id === id)?.name ?? `#${id}`;
  };
  const decided = proposal.data?.status !== 'ready';

  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        What if…
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="md">
        <DialogTitle>What if…</DialogTitle>
        <DialogContent>
          {taskId === null ? (
            <Stack spacing={2} sx={{ mt: 1 }}>
              <TextField
                select
                label="Who is out"
                value={who}
                onChange={(e) => setWho(e.target.value)}
              >
                {(physicists.data ?? []).map((p) => (
                  <MenuItem key={`p${p.id}`} value={`physicist:${p.id}`}>
                    {p.name}
                  </MenuItem>
                ))}
                {(kits.data ?? []).map((k) => (
                  <MenuItem key={`k${k.id}`} value={`kit:${k.id}`}>
                    {k.name} (kit)
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  type="date"
                  label="From"
                  value={start}
                  onChange={(e) => setStart(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  type="date"
                  label="To"
                  value={end}
                  onChange={(e) => setEnd(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
            </Stack>
          ) : typeof outcome === 'object' ? (
            <Typography color="error">{outcome.error}</Typography>
          ) : proposal.data ? (
            <ProposalDiff proposal={proposal.data} jobName={jobName} holderName={holderName} />
          ) : (
            <Stack spacing={1} sx={{ mt: 1 }}>
              <Typography>{task?.message || 'Finding the smallest repair…'}</Typography>
              <LinearProgress />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {taskId === null ? (
            <Button
              variant="contained"
              disabled={!who || !start || !end || startWhatIf.isPending}
              onClick={ask}
            >
              Ask
            </Button>
          ) : (
            proposal.data && (
              <>
                <Button
                  disabled={decided || discard.isPending}
                  onClick={() =>
                    discard.mutate(proposal.data.id, {
                      onSuccess: close,
                      onError: (e) => toast.error(errorMessage(e)),
                    })
                  }
                >
                  Discard
                </Button>
                <Button
                  variant="contained"
                  disabled={decided || apply.isPending}
                  onClick={() =>
                    apply.mutate(proposal.data.id, {
                      onSuccess: () => {
                        toast.success('Proposal applied.');
                        close();
                      },
                      onError: (e) => toast.error(errorMessage(e)),
                    })
                  }
                >
                  Apply
                </Button>
              </>
            )
          )}
          <Button onClick={close}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
