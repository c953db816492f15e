import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import { NoticeDeliverySchema, type NoticeSettingsUpdate } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useErrorToast } from '../../../components/use-error-toast';
import { useNoticeSettings } from '../api/get-notice-settings';
import { useUpdateNoticeSettings } from '../api/update-notice-settings';

/**
 * "Notices": whether the user's notices also reach their e-mail, and whether
 * each at once or in one mail a day. Every change is saved at once.
 */
export function NoticeSettingsPanel() {
  const toast = useToast();
  const settings = useNoticeSettings();
  const update = useUpdateNoticeSettings();
  useErrorToast(settings.error, 'Failed to fetch notice settings');
  const data = settings.data;

  const save = (change: Partial<NoticeSettingsUpdate>) => {
    if (data === undefined) return;
    update.mutate(
      { email_on: data.email_on, delivery: data.delivery, ...change },
      {
        onSuccess: () => toast.success('Notice settings saved.'),
        onError: (error) => toast.error(`Saving failed: ${errorMessage(error)}`),
      },
    );
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 3 }}
      aria-labelledby="notice-settings-title"
      component="section"
      id="notices"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <EmailOutlined color="primary" />
        <Typography variant="h6" component="h2" id="notice-settings-title">
          Notices
        </Typography>
      </Stack>
      {settings.isPending && <LinearProgress aria-label="Loading notice settings" />}
      {data && (
        <>
          <Typography color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {data.server_sends_mail
              ? `Notices about your jobs show here and can also reach your e-mail, ${data.email}.`
              : 'This server sends no e-mail yet, so notices show only in the app. Your choice below applies once an admin sets it up.'}
          </Typography>
          <FormControlLabel
            control={
              <Switch checked={data.email_on} onChange={(_, on) => save({ email_on: on })} />
            }
            label="E-mail me my notices"
          />
          <FormControl disabled={!data.email_on} sx={{ display: 'block', mt: 1 }}>
            <FormLabel id="notice-delivery-label">When</FormLabel>
            <RadioGroup
              aria-labelledby="notice-delivery-label"
              value={data.delivery}
              onChange={(_, value) => save({ delivery: NoticeDeliverySchema.parse(value) })}
            >
              <FormControlLabel value="immediate" control={<Radio />} label="Each notice at once" />
              <FormControlLabel
                value="daily_digest"
                control={<Radio />}
                label={`One mail a day, at ${data.digest_time}`}
              />
            </RadioGroup>
          </FormControl>
        </>
      )}
    </Paper>
  );
}
