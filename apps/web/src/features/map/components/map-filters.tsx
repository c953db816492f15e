import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Physicist } from '@meridian/domain';
import type { MapFilter } from '../map-filter';
import { weekOf } from '../map-dates';

interface MapFiltersProps {
  physicists: readonly Physicist[];
  filter: MapFilter;
  /** The organisation's today (lib/org-today.ts): This week is its week. */
  today: string;
  /** Shown under the dates when they cannot be applied. */
  dateProblem: string | null;
  onChange: (filter: MapFilter) => void;
}

/** Physicist and date range filters of the map; empty fields filter nothing. */
export function MapFilters({ physicists, filter, today, dateProblem, onChange }: MapFiltersProps) {
  const chosen = physicists.filter((physicist) => filter.physicistIds.includes(physicist.id));
  const dateField = (label: string, value: string | null, set: (value: string | null) => void) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => set(event.target.value === '' ? null : event.target.value)}
      error={dateProblem !== null}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 160 }}
    />
  );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      <Autocomplete
        multiple
        size="small"
        options={physicists}
        value={chosen}
        getOptionLabel={(physicist) => physicist.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_, next) => onChange({ ...filter, physicistIds: next.map((p) => p.id) })}
        limitTags={2}
        sx={{ minWidth: 240, flex: '1 1 260px', maxWidth: 520 }}
        renderInput={(params) => (
          <TextField {...params} label="Physicists" placeholder="Everyone" />
        )}
      />
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {dateField('From', filter.from, (from) => onChange({ ...filter, from }))}
        {dateField('To', filter.to, (to) => onChange({ ...filter, to }))}
        <Button size="small" onClick={() => onChange({ ...filter, ...weekOf(today) })}>
          This week
        </Button>
        <Button
          size="small"
          onClick={() => onChange({ physicistIds: [], from: null, to: null })}
          disabled={filter.physicistIds.length === 0 && !filter.from && !filter.to}
        >
          Clear
        </Button>
      </Stack>
      {dateProblem && (
        <Stack role="alert" sx={{ color: 'error.main', typography: 'body2', width: '100%' }}>
          {dateProblem} The dates are not applied.
        </Stack>
      )}
    </Stack>
  );
}
