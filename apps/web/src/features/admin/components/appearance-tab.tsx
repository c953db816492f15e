import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppearanceSettings } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useAppearanceSettings } from '../api/get-appearance-settings';
import { useUpdateAppearanceSettings } from '../api/update-appearance-settings';
import { useErrorToast } from '../../../components/use-error-toast';
import { fetchFailure } from './fetch-failure';
import { BackgroundVideoPicker } from './background-video-picker';
import { ThemePicker } from './theme-picker';

/** Appearance: the organisation's theme and the login landing's background video. */
export function AppearanceTab() {
  const settings = useAppearanceSettings();
  useErrorToast(settings.error, settings.error ? fetchFailure(settings.error) : '');
  if (settings.isPending) return <CircularProgress aria-label="Loading settings" />;
  if (settings.error) return <Alert severity="error">{fetchFailure(settings.error)}</Alert>;
  // Not keyed on the data: a remount while saving would drop the save's toast callbacks.
  return <AppearanceForm saved={settings.data} />;
}

function AppearanceForm({ saved }: { saved: AppearanceSettings }) {
  const [theme, setTheme] = useState(saved.theme);
  const [activeVideo, setActiveVideo] = useState(saved.activeVideo);
  const update = useUpdateAppearanceSettings();
  const toast = useToast();

  const save = () =>
    update.mutate(
      { ...saved, theme, activeVideo },
      {
        onSuccess: () => toast.success('Settings saved successfully.'),
        onError: (error) => toast.error(`Failed to save settings: ${errorMessage(error)}`),
      },
    );

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h6" component="h2">
          Theme
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Everyone sees this theme after signing in.
        </Typography>
        <ThemePicker value={theme} onChange={setTheme} />
      </div>
      <Divider />
      <div>
        <Typography variant="h6" component="h2">
          Background video
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Plays muted behind the sign-in page (not for visitors who ask for reduced motion). MP4,
          WebM or Ogg, up to 200 MB.
        </Typography>
        <BackgroundVideoPicker value={activeVideo} onChange={setActiveVideo} />
      </div>
      <div>
        <Button
          variant="contained"
          onClick={save}
          disabled={
            update.isPending || (theme === saved.theme && activeVideo === saved.activeVideo)
          }
        >
          Save Appearance
        </Button>
      </div>
    </Stack>
  );
}
