import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppearanceSettings } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useAppearanceSettings } from '../api/get-appearance-settings';
import { useMusicTracks } from '../api/get-music-tracks';
import { useUpdateAppearanceSettings } from '../api/update-appearance-settings';
import { useErrorToast } from '../../../components/use-error-toast';
import { fetchFailure } from './fetch-failure';

type Mode = AppearanceSettings['music']['mode'];

/** Music & Ambience: playlist or radio, and which tracks the playlist plays. */
export function MusicTab() {
  const settings = useAppearanceSettings();
  const tracks = useMusicTracks();
  const error = settings.error ?? tracks.error;
  useErrorToast(error, error ? fetchFailure(error) : '');
  if (error) return <Alert severity="error">{fetchFailure(error)}</Alert>;
  if (!settings.data || !tracks.data) return <CircularProgress aria-label="Loading music" />;
  return <MusicForm saved={settings.data} tracks={tracks.data} />;
}

interface MusicFormProps {
  saved: AppearanceSettings;
  tracks: Record<string, string>;
}

function MusicForm({ saved, tracks }: MusicFormProps) {
  const [mode, setMode] = useState<Mode>(saved.music.mode);
  const [keys, setKeys] = useState<string[]>(saved.music.keys);
  const update = useUpdateAppearanceSettings();
  const toast = useToast();

  const toggle = (key: string, isOn: boolean) =>
    setKeys((current) => (isOn ? [...current, key] : current.filter((k) => k !== key)));

  const save = () =>
    update.mutate(
      // Keep the playlist in the catalogue's order, whatever order the boxes were ticked in.
      { ...saved, music: { mode, keys: Object.keys(tracks).filter((k) => keys.includes(k)) } },
      {
        onSuccess: () => toast.success('Settings saved successfully.'),
        onError: (err) => toast.error(`Failed to save settings: ${errorMessage(err)}`),
      },
    );

  const trackEntries = Object.entries(tracks);
  return (
    <Stack spacing={3}>
      <FormControl>
        <FormLabel id="music-mode-label">Mode</FormLabel>
        <RadioGroup
          row
          aria-labelledby="music-mode-label"
          value={mode}
          onChange={(event) => setMode(event.target.value === 'radio' ? 'radio' : 'playlist')}
        >
          <FormControlLabel
            value="playlist"
            control={<Radio />}
            label="Playlist (tracks in sequence)"
          />
          <FormControlLabel
            value="radio"
            control={<Radio />}
            label="Radio (live classical station)"
          />
        </RadioGroup>
      </FormControl>
      <FormControl component="fieldset" disabled={mode === 'radio'}>
        <FormLabel component="legend">Playlist tracks</FormLabel>
        {trackEntries.length === 0 ? (
          <Typography color="text.secondary">No tracks are available on this server.</Typography>
        ) : (
          <FormGroup>
            {trackEntries.map(([key, name]) => (
              <FormControlLabel
                key={key}
                control={
                  <Checkbox
                    checked={keys.includes(key)}
                    onChange={(event) => toggle(key, event.target.checked)}
                  />
                }
                label={name}
              />
            ))}
          </FormGroup>
        )}
      </FormControl>
      <div>
        <Button variant="contained" onClick={save} disabled={update.isPending}>
          Save Music Settings
        </Button>
      </div>
    </Stack>
  );
}
