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
import TextField from '@mui/material/TextField';
import { MUSIC_TRACKS } from '@meridian/domain';
import type { AppearanceSettings } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useAppearanceSettings } from '../api/get-appearance-settings';
import { useMusicTracks } from '../api/get-music-tracks';
import { useUpdateAppearanceSettings } from '../api/update-appearance-settings';
import { useErrorToast } from '../../../components/use-error-toast';
import { fetchFailure } from './fetch-failure';
import { MusicUploads } from './music-uploads';

type Mode = AppearanceSettings['music']['mode'];

/** Why a station address cannot be saved, or null when it can. */
export function stationUrlProblem(url: string): string | null {
  if (url.trim() === '') return 'Enter the address of the station stream';
  try {
    const { protocol } = new URL(url.trim());
    return protocol === 'http:' || protocol === 'https:'
      ? null
      : 'The address must start with http:// or https://';
  } catch {
    return 'This is not a web address';
  }
}

/** Music & Ambience: playlist or radio, which tracks the playlist plays, uploads and the station. */
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
  const [stationUrl, setStationUrl] = useState(saved.music.station?.url ?? '');
  const [stationName, setStationName] = useState(saved.music.station?.name ?? '');
  const [checked, setChecked] = useState(false);
  const update = useUpdateAppearanceSettings();
  const toast = useToast();

  const toggle = (key: string, isOn: boolean) =>
    setKeys((current) => (isOn ? [...current, key] : current.filter((k) => k !== key)));

  const hasStation = stationUrl.trim() !== '' || stationName.trim() !== '';
  const urlProblem = hasStation || mode === 'radio' ? stationUrlProblem(stationUrl) : null;
  const nameProblem =
    (hasStation || mode === 'radio') && stationName.trim() === ''
      ? 'Enter the name the top bar shows'
      : null;

  const save = () => {
    setChecked(true);
    if (urlProblem || nameProblem) return;
    const station = hasStation ? { url: stationUrl.trim(), name: stationName.trim() } : null;
    update.mutate(
      {
        ...saved,
        // Keep the playlist in the track list's order, whatever order the boxes were ticked in.
        music: { mode, keys: Object.keys(tracks).filter((k) => keys.includes(k)), station },
      },
      {
        onSuccess: () => toast.success('Settings saved successfully.'),
        onError: (err) => toast.error(`Failed to save settings: ${errorMessage(err)}`),
      },
    );
  };

  const builtIn = Object.entries(tracks).filter(([key]) => Object.hasOwn(MUSIC_TRACKS, key));
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
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
      <FormControl component="fieldset">
        <FormLabel component="legend">Radio station</FormLabel>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Station stream URL"
            value={stationUrl}
            onChange={(event) => setStationUrl(event.target.value)}
            error={checked && urlProblem !== null}
            helperText={
              (checked && urlProblem) ||
              'An http:// or https:// stream; browsers may then play media from its site only'
            }
            sx={{ flex: 2 }}
          />
          <TextField
            label="Station name"
            value={stationName}
            onChange={(event) => setStationName(event.target.value)}
            error={checked && nameProblem !== null}
            helperText={(checked && nameProblem) || 'Shown in the top bar'}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ flex: 1 }}
          />
        </Stack>
      </FormControl>
      <FormControl component="fieldset" disabled={mode === 'radio'}>
        <FormLabel component="legend">Playlist tracks (synthesised in the browser)</FormLabel>
        <FormGroup>
          {builtIn.map(([key, name]) => (
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
      </FormControl>
      <MusicUploads
        disabled={mode === 'radio'}
        selected={keys}
        onToggle={toggle}
        onDeleted={(key) => toggle(key, false)}
      />
      <div>
        <Button variant="contained" onClick={save} disabled={update.isPending}>
          Save Music Settings
        </Button>
      </div>
    </Stack>
  );
}
