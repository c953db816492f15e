import { useState } from 'react';
import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { TravelDistance } from '../travel-hint';
import type { AssignOption } from './assign-options';

interface AssignSelectProps {
  label: string;
  value: number | null;
  /** The job's name for the current value (shown without computing the options). */
  valueName: string | null;
  /** The choices with their refusal reasons; computed only while the menu is open. */
  options: () => readonly AssignOption[];
  /** The name the job carries when its id is missing (an upload's unmatched name). */
  fallbackName?: string | null;
  disabled?: boolean;
  onChange: (id: number | null) => void;
}

const UNASSIGNED = '';

/**
 * A manual-assignment dropdown. Choices the server would refuse are disabled
 * with the reason under the name; the server still judges every pick. It
 * always shows the server's value: a refused pick snaps back because the
 * cache was never changed.
 */
export function AssignSelect({
  label,
  value,
  valueName,
  options,
  fallbackName,
  disabled,
  onChange,
}: AssignSelectProps) {
  const [open, setOpen] = useState(false);
  const choices = open ? options() : [];
  const current = value === null ? UNASSIGNED : String(value);
  const emptyText = fallbackName && value === null ? `${fallbackName} (unmatched)` : 'Unassigned';
  return (
    <Select
      variant="standard"
      value={current}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled}
      displayEmpty
      renderValue={() => (value === null ? emptyText : (valueName ?? `#${value}`))}
      onChange={(event) =>
        onChange(event.target.value === UNASSIGNED ? null : Number(event.target.value))
      }
      inputProps={{ 'aria-label': label }}
      MenuProps={{ slotProps: { paper: { sx: { maxHeight: 440, maxWidth: 520 } } } }}
      sx={{ fontSize: '0.85rem', width: '100%' }}
    >
      <MenuItem value={UNASSIGNED}>Unassigned</MenuItem>
      {/* Closed, the menu holds only the current value, so 600 rows do not build 600 lists. */}
      {!open && value !== null && <MenuItem value={current}>{valueName}</MenuItem>}
      {choices.map((option) => (
        <MenuItem
          key={option.id}
          value={String(option.id)}
          disabled={option.refusal !== null}
          data-refused={option.refusal !== null ? 'true' : undefined}
          // A disabled item is faded by MUI; the reason must stay readable.
          sx={{ '&.Mui-disabled': { opacity: 1 } }}
        >
          <ListItemText
            primary={
              <>
                <Box
                  component="span"
                  sx={{ mr: 0.75, color: option.refusal ? 'text.disabled' : 'text.primary' }}
                >
                  {option.label}
                </Box>
                {option.miles !== null && <TravelDistance miles={option.miles} />}
              </>
            }
            secondary={option.refusal}
            slotProps={{
              secondary: {
                sx: { color: 'warning.main', whiteSpace: 'normal', fontSize: '0.75rem' },
              },
            }}
          />
        </MenuItem>
      ))}
    </Select>
  );
}
