import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { YEARS_AFTER, YEARS_BEFORE } from '@meridian/domain';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Years offered by the pickers: 5 before to 4 after the current year, plus the value's own. */
export function pickerYears(current: number | null, now = new Date()): number[] {
  const thisYear = now.getFullYear();
  const years = new Set<number>();
  for (let year = thisYear - YEARS_BEFORE; year <= thisYear + YEARS_AFTER; year++) years.add(year);
  if (current) years.add(current);
  return [...years].sort((a, b) => a - b);
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (value: number) => String(value).padStart(2, '0');

/** Composes a date from its parts, keeping the day inside the month (31 Jan -> Feb gives the 28th/29th). */
export function composeDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(Math.min(day, daysIn(year, month)))}`;
}

interface DatePartsCellProps {
  value: string | null;
  label: string;
  canEdit: boolean;
  onCommit: (value: string) => Promise<boolean>;
}

/** A date-only value edited through year, month and day pickers. */
export function DatePartsCell({ value, label, canEdit, onCommit }: DatePartsCellProps) {
  if (!canEdit) return <Typography variant="body2">{value ?? ''}</Typography>;
  const [year, month, day] = (value ?? '').split('-').map(Number) as [number?, number?, number?];
  const today = new Date();
  const parts = {
    year: year || today.getFullYear(),
    month: month || today.getMonth() + 1,
    day: day || today.getDate(),
  };
  const change = (part: keyof typeof parts, next: number) => {
    const merged = { ...parts, [part]: next };
    void onCommit(composeDate(merged.year, merged.month, merged.day));
  };
  const selectSx = { fontSize: '0.8rem', '& select': { py: 0.5, pl: 0.5 } };
  return (
    <Stack direction="row" spacing={0.5}>
      <NativeSelect
        value={value ? parts.year : ''}
        onChange={(event) => change('year', Number(event.target.value))}
        inputProps={{ 'aria-label': `${label} year` }}
        sx={selectSx}
      >
        {!value && <option value="">—</option>}
        {pickerYears(year ?? null).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        value={value ? parts.month : ''}
        onChange={(event) => change('month', Number(event.target.value))}
        inputProps={{ 'aria-label': `${label} month` }}
        sx={selectSx}
      >
        {!value && <option value="">—</option>}
        {MONTHS.map((name, index) => (
          <option key={name} value={index + 1}>
            {name}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        value={value ? parts.day : ''}
        onChange={(event) => change('day', Number(event.target.value))}
        inputProps={{ 'aria-label': `${label} day` }}
        sx={selectSx}
      >
        {!value && <option value="">—</option>}
        {Array.from({ length: daysIn(parts.year, parts.month) }, (_, index) => (
          <option key={index} value={index + 1}>
            {index + 1}
          </option>
        ))}
      </NativeSelect>
    </Stack>
  );
}
