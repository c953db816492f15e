import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import EventBusy from '@mui/icons-material/EventBusy';
import type { PreferencesUpdate } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useMyPreferences } from '../api/get-my-preferences';
import { useSaveMyPreferences } from '../api/save-my-preferences';
import {
  addRefusal,
  isChanged,
  readableDay,
  toggledWeekday,
  WEEKDAYS,
  withDate,
} from '../preferences-draft';

const NONE: PreferencesUpdate = { avoid_dates: [], avoid_weekdays: [] };

/**
 * "My preferences": dates and weekdays the physicist would rather not work.
 * They are wishes, not leave: the planner avoids them where it can, at a
 * price (the preference weight), so the panel says so. The form edits a
 * draft of the server's set and saves it whole; a refusal shows the server's
 * words beside the Save button.
 */
export function PreferencesPanel({ today }: { today: string }) {
  const toast = useToast();
  const saved = useMyPreferences();
  const save = useSaveMyPreferences();
  // The edits not saved yet; null while the form shows the server's set.
  const [draft, setDraft] = useState<PreferencesUpdate | null>(null);
  const [picked, setPicked] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const stored = saved.data ?? NONE;
  const shown = draft ?? stored;
  const changed = draft !== null && isChanged(draft, stored);
  const whyNot = addRefusal(shown.avoid_dates, picked);

  const edit = (next: PreferencesUpdate) => {
    setDraft(next);
    setRefusal(null);
  };
  const addPicked = () => {
    if (whyNot !== null) return;
    edit({ ...shown, avoid_dates: withDate(shown.avoid_dates, picked) });
    setPicked('');
  };
  const submit = () =>
    save.mutate(
      { avoid_dates: shown.avoid_dates, avoid_weekdays: shown.avoid_weekdays },
      {
        onSuccess: () => {
          setDraft(null);
          toast.success('Preferences saved.');
        },
        onError: (error) => setRefusal(errorMessage(error)),
      },
    );

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 3, maxWidth: 720 }}
      component="section"
      aria-labelledby="prefs-title"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <EventBusy color="primary" />
        <Typography variant="h6" component="h2" id="prefs-title">
          My preferences
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Days you would rather not work. The planner avoids them where it can; they are not leave, so
        a job may still land on one when nobody else can take it.
      </Typography>
      {saved.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to fetch your preferences: {errorMessage(saved.error)}
        </Alert>
      )}
      <FormControl component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
        <FormLabel component="legend" sx={{ mb: 0.5 }}>
          Weekdays to avoid
        </FormLabel>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 0.5 }}>
          {WEEKDAYS.map((w) => (
            <FormControlLabel
              key={w.day}
              sx={{ mr: 1 }}
              control={
                <Checkbox
                  checked={shown.avoid_weekdays.includes(w.day)}
                  onChange={() =>
                    edit({ ...shown, avoid_weekdays: toggledWeekday(shown.avoid_weekdays, w.day) })
                  }
                  slotProps={{ input: { 'aria-label': w.name } }}
                />
              }
              label={w.short}
            />
          ))}
        </Stack>
      </FormControl>
      <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
        Dates to avoid ({shown.avoid_dates.length})
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          type="date"
          label="Date"
          value={picked}
          onChange={(event) => setPicked(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            addPicked();
          }}
          helperText={picked !== '' && whyNot !== null ? whyNot : ' '}
          error={picked !== '' && whyNot !== null}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          sx={{ width: 190 }}
        />
        <Button variant="outlined" onClick={addPicked} disabled={whyNot !== null} sx={{ mt: 0.25 }}>
          Add date
        </Button>
      </Stack>
      {shown.avoid_dates.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          No dates listed.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Dates to avoid"
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {shown.avoid_dates.map((date) => (
            <Box
              component="li"
              key={date}
              sx={{
                display: 'flex',
                alignItems: 'center',
                border: 1,
                borderColor: 'divider',
                borderRadius: 4,
                pl: 1.5,
                pr: 0.25,
              }}
            >
              <Typography variant="body2" component="span">
                {readableDay(date)}
              </Typography>
              <IconButton
                size="small"
                aria-label={`Remove ${readableDay(date)}`}
                onClick={() =>
                  edit({ ...shown, avoid_dates: shown.avoid_dates.filter((d) => d !== date) })
                }
              >
                <Close fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      {refusal !== null && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          Failed to save preferences: {refusal}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" onClick={submit} disabled={!changed || save.isPending}>
          Save preferences
        </Button>
        {changed && (
          <Button onClick={() => edit(stored)} disabled={save.isPending}>
            Undo changes
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
