import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Job } from '@meridian/domain';
import { assigneeDistance } from '../../../components/jobs-table/assignee-distance';
import type { ZipIndex } from '../../../components/jobs-table/zip-distance';
import { SlotLock } from '../../../components/jobs-table/slot-lock';
import { TravelDistance } from '../../../components/travel-hint';

interface AssigneeCellProps {
  job: Job;
  side: 'lead' | 'acq';
  /** The assignee's home zip (from the roster), for when the reason has no distance. */
  homeZip: string | null;
  zips: ZipIndex | undefined;
  /** Managers and admins lock and unlock the slot; others see the lock only. */
  canManage: boolean;
}

/**
 * An assigned physicist with a distance and its travel hint: the one in the
 * reason's assignment part, else haversine miles from home zip to job zip
 * (an uploaded assignment carries no distance text, and a renamed physicist no
 * longer matches the name written in it).
 */
export function AssigneeCell({ job, side, homeZip, zips, canManage }: AssigneeCellProps) {
  const name = side === 'lead' ? job.assigned_lead : job.assigned_data_acq;
  if (!name) {
    return (
      <Typography variant="body2" color="text.secondary">
        Unassigned
      </Typography>
    );
  }
  const miles = assigneeDistance(job, side, homeZip, zips);
  return (
    <Typography variant="body2" noWrap component="div">
      <SlotLock job={job} slot={side === 'lead' ? 'lead' : 'data_acq'} canToggle={canManage} />{' '}
      <Box component="span" sx={{ mr: 0.5 }}>
        {name}
      </Box>
      {miles !== null && <TravelDistance miles={miles} />}
    </Typography>
  );
}
