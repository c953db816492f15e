import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { weekdayName, type DateFilter } from '../date-filter';

const MONTH_NAMES = Array.from({ length: 12 }, (_, index) =>
  new Date(Date.UTC(2000, index, 1)).toLocaleDateString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  }),
);

interface DateFilterBarProps {
  years: readonly number[];
  filter: DateFilter;
  onChange: (filter: DateFilter) => void;
  onClear: () => void;
}

/** Year, month and day pickers over the jobs' start dates, the weekday when complete, and a clear button. */
export function DateFilterBar({ years, filter, onChange, onClear }: DateFilterBarProps) {
  const pick = (part: keyof DateFilter, raw: string) =>
    onChange({ ...filter, [part]: raw === '' ? null : Number(raw) });
  const weekday = weekdayName(filter);
  const isEmpty = filter.year === null && filter.month === null && filter.day === null;
  const selectSx = { minWidth: 110 };
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <TextField
        select
        size="small"
        label="Year"
        value={filter.year ?? ''}
        onChange={(event) => pick('year', event.target.value)}
        sx={selectSx}
      >
        <MenuItem value="">All</MenuItem>
        {years.map((year) => (
          <MenuItem key={year} value={year}>
            {year}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Month"
        value={filter.month ?? ''}
        onChange={(event) => pick('month', event.target.value)}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="">All</MenuItem>
        {MONTH_NAMES.map((name, index) => (
          <MenuItem key={name} value={index + 1}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Day"
        value={filter.day ?? ''}
        onChange={(event) => pick('day', event.target.value)}
        sx={{ minWidth: 90 }}
      >
        <MenuItem value="">All</MenuItem>
        {Array.from({ length: 31 }, (_, index) => (
          <MenuItem key={index} value={index + 1}>
            {index + 1}
          </MenuItem>
        ))}
      </TextField>
      {weekday && <Chip label={weekday} color="primary" variant="outlined" data-testid="weekday" />}
      <Button onClick={onClear} disabled={isEmpty}>
        Clear filter
      </Button>
    </Stack>
  );
}
