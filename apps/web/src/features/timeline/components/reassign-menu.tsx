import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import PersonRemove from '@mui/icons-material/PersonRemoveOutlined';
import SwapVert from '@mui/icons-material/SwapVert';
import type { AssignOption } from '../../../components/jobs-table/assign-options';
import { AssignSelect } from '../../../components/jobs-table/assign-select';
import { SLOT_WORDS } from '../layout/drop-rules';
import type { TimelineBar } from '../layout/timeline-rows';
import { holderName } from './bar-text';

/** The bar whose menu is open, and the element it opens at. */
export interface MenuTarget {
  bar: TimelineBar;
  anchor: HTMLElement;
}

interface ReassignMenuProps {
  target: MenuTarget | null;
  onClose: () => void;
  /** The assignment dropdown's choices for the bar's job and slot, with refusal reasons. */
  optionsFor: (bar: TimelineBar) => readonly AssignOption[];
  onPick: (bar: TimelineBar, holderId: number | null) => void;
  /** Whether this user may reassign the bar (else the menu only explains). */
  canReassign: (bar: TimelineBar) => boolean;
  /** Opens "Why this assignment?" for the bar's job. */
  onExplain: (bar: TimelineBar) => void;
}

/**
 * A bar's menu: "Why this assignment?" for everyone, and the keyboard and
 * touch way to reassign for those who may. "Reassign to..."
 * opens the same dropdown as /schedule, where refused choices are disabled
 * with their reason; "Unassign" clears the slot.
 */
export function ReassignMenu(props: ReassignMenuProps) {
  const { target, onClose, optionsFor, onPick, canReassign, onExplain } = props;
  const [dialogBar, setDialogBar] = useState<TimelineBar | null>(null);
  const bar = target?.bar;
  const mayReassign = bar !== undefined && canReassign(bar);
  return (
    <>
      <Menu anchorEl={target?.anchor} open={target !== null} onClose={onClose}>
        <MenuItem
          onClick={() => {
            if (bar) onExplain(bar);
            onClose();
          }}
        >
          <ListItemIcon>
            <InfoOutlined fontSize="small" />
          </ListItemIcon>
          Why this assignment?
        </MenuItem>
        {mayReassign && (
          <MenuItem
            onClick={() => {
              setDialogBar(bar ?? null);
              onClose();
            }}
          >
            <ListItemIcon>
              <SwapVert fontSize="small" />
            </ListItemIcon>
            Reassign to...
          </MenuItem>
        )}
        {mayReassign && bar.holderId !== null && (
          <MenuItem
            onClick={() => {
              onPick(bar, null);
              onClose();
            }}
          >
            <ListItemIcon>
              <PersonRemove fontSize="small" />
            </ListItemIcon>
            Unassign
          </MenuItem>
        )}
      </Menu>
      <Dialog open={dialogBar !== null} onClose={() => setDialogBar(null)} fullWidth maxWidth="xs">
        {dialogBar && (
          <>
            <DialogTitle>
              Reassign the {SLOT_WORDS[dialogBar.slot]} of {dialogBar.job.customer}
            </DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 2 }}>
                Job {dialogBar.job.id}, {dialogBar.job.start} to {dialogBar.job.end}. Choices that
                would be refused are greyed out with the reason.
              </DialogContentText>
              <AssignSelect
                label={`New ${SLOT_WORDS[dialogBar.slot]} of job ${dialogBar.job.id}`}
                value={dialogBar.holderId}
                valueName={holderName(dialogBar)}
                options={() => optionsFor(dialogBar)}
                onChange={(id) => {
                  if (id !== dialogBar.holderId) onPick(dialogBar, id);
                  setDialogBar(null);
                }}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDialogBar(null)}>Cancel</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
