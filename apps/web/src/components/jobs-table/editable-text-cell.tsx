import { useRef } from 'react';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';

interface EditableTextCellProps {
  value: string;
  label: string;
  canEdit: boolean;
  /** Saves the typed value; false means it was refused and the cell shows the old value again. */
  onCommit: (value: string) => Promise<boolean>;
}

/**
 * A table cell that is plain text for viewers and an inline input for editors.
 * It saves on Enter or when focus leaves; Escape restores the value.
 */
export function EditableTextCell({ value, label, canEdit, onCommit }: EditableTextCellProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  if (!canEdit) {
    return (
      <Typography variant="body2" noWrap title={value}>
        {value}
      </Typography>
    );
  }
  const commit = async () => {
    const input = inputRef.current;
    if (!input) return;
    const saved = await onCommit(input.value.trim());
    if (!saved && inputRef.current) inputRef.current.value = value;
  };
  return (
    <InputBase
      // A new server answer (new version) re-creates the input with the saved value.
      key={value}
      defaultValue={value}
      inputRef={inputRef}
      fullWidth
      inputProps={{ 'aria-label': label }}
      onBlur={() => void commit()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') inputRef.current?.blur();
        if (event.key === 'Escape' && inputRef.current) {
          inputRef.current.value = value;
          inputRef.current.blur();
        }
      }}
      sx={{
        fontSize: '0.875rem',
        px: 0.75,
        borderRadius: 1,
        border: 1,
        borderColor: 'transparent',
        '&:hover': { borderColor: 'divider' },
        '&.Mui-focused': { borderColor: 'primary.main', bgcolor: 'background.paper' },
      }}
    />
  );
}
