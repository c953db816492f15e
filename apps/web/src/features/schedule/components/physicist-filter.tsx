import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Physicist } from '@meridian/domain';

interface PhysicistFilterProps {
  physicists: readonly Physicist[];
  selected: readonly Physicist[];
  onChange: (selected: Physicist[]) => void;
}

/** Multi-select filter by physicist (assigned or among the candidates). */
export function PhysicistFilter({ physicists, selected, onChange }: PhysicistFilterProps) {
  return (
    <Autocomplete
      multiple
      size="small"
      options={physicists}
      value={[...selected]}
      getOptionLabel={(physicist) => physicist.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, next) => onChange(next)}
      limitTags={3}
      sx={{ minWidth: 320, maxWidth: 560, flexGrow: 1 }}
      renderInput={(params) => (
        <TextField {...params} label="Filter by physicist" placeholder="Physicists" />
      )}
    />
  );
}
