import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  DATE_WINDOW_LABELS,
  DATE_WINDOWS,
  DEFAULT_DATE_WINDOW,
  parseDateWindow,
  type DateWindow,
} from '../lib/date-window';

/**
 * The date window of a daily job screen, kept in the address (`?window=week`)
 * so a link or a reload opens the same days; no parameter is today onward.
 */
export function useDateWindow(): [DateWindow, (next: DateWindow) => void] {
  const [params, setParams] = useSearchParams();
  const window = parseDateWindow(params.get('window'));
  const setWindow = useCallback(
    (next: DateWindow) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === DEFAULT_DATE_WINDOW) updated.delete('window');
          else updated.set('window', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [window, setWindow];
}

/** The window's buttons: From today, This week, This month, All. */
export function DateWindowFilter({
  value,
  onChange,
}: {
  value: DateWindow;
  onChange: (next: DateWindow) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      aria-label="Dates"
      value={value}
      onChange={(_, next: DateWindow | null) => next && onChange(next)}
      sx={{ flexWrap: 'wrap' }}
    >
      {DATE_WINDOWS.map((window) => (
        <ToggleButton key={window} value={window} sx={{ px: 1.5 }}>
          {DATE_WINDOW_LABELS[window]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
