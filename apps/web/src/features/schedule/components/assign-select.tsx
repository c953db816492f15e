import NativeSelect from '@mui/material/NativeSelect';

export interface AssignOption {
  id: number;
  label: string;
}

interface AssignSelectProps {
  label: string;
  value: number | null;
  options: readonly AssignOption[];
  /** The name the job carries when its id is missing (an upload's unmatched name). */
  fallbackName?: string | null;
  disabled?: boolean;
  onChange: (id: number | null) => void;
}

/**
 * A manual-assignment dropdown. It always shows the server's value: a refused
 * choice snaps back because the cache was never changed.
 */
export function AssignSelect({
  label,
  value,
  options,
  fallbackName,
  disabled,
  onChange,
}: AssignSelectProps) {
  return (
    <NativeSelect
      value={value ?? ''}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      inputProps={{ 'aria-label': label }}
      sx={{ fontSize: '0.85rem', width: '100%' }}
    >
      <option value="">
        {fallbackName && value === null ? `${fallbackName} (unmatched)` : 'Unassigned'}
      </option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}
