import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import { MAX_BACKGROUND_VIDEO_BYTES, type BackgroundVideo } from '@meridian/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { megabytes } from './file-size';
import { errorMessage } from '../../../lib/api-client';
import { fetchFailure } from './fetch-failure';
import { useToast } from '../../../components/toast/toast-context';
import { useBackgrounds, useDeleteBackground, useUploadBackground } from '../api/backgrounds';

const NONE = '';

interface BackgroundVideoPickerProps {
  /** The chosen video's name, or null for none (saved with the appearance). */
  value: string | null;
  onChange: (name: string | null) => void;
}

/** Choose the login landing's background video; upload and delete videos. */
export function BackgroundVideoPicker({ value, onChange }: BackgroundVideoPickerProps) {
  const videos = useBackgrounds();
  const upload = useUploadBackground();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState<BackgroundVideo | null>(null);

  const send = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BACKGROUND_VIDEO_BYTES) {
      toast.error(
        `Video upload failed: ${file.name} is ${megabytes(file.size)}; the limit is ${megabytes(MAX_BACKGROUND_VIDEO_BYTES)}`,
      );
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success('Video uploaded successfully.'),
      onError: (error) => toast.error(`Video upload failed: ${errorMessage(error)}`),
    });
  };

  return (
    <Stack spacing={1.5}>
      {videos.error && <Alert severity="error">{fetchFailure(videos.error)}</Alert>}
      {videos.isPending && <CircularProgress size={24} aria-label="Loading videos" />}
      {videos.data && (
        <RadioGroup
          aria-label="Background video"
          value={value ?? NONE}
          onChange={(event) => onChange(event.target.value === NONE ? null : event.target.value)}
        >
          <FormControlLabel value={NONE} control={<Radio />} label="No video" />
          {videos.data.map((video) => (
            <VideoRow key={video.name} video={video} onDelete={() => setDeleting(video)} />
          ))}
        </RadioGroup>
      )}
      {videos.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No videos uploaded yet.
        </Typography>
      )}
      <div>
        <input
          ref={input}
          type="file"
          accept="video/*"
          hidden
          data-testid="background-upload-input"
          onChange={(event) => {
            send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          variant="outlined"
          startIcon={upload.isPending ? <CircularProgress size={16} /> : <UploadFile />}
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          Upload Video
        </Button>
      </div>
      <DeleteVideoDialog
        video={deleting}
        onClose={() => setDeleting(null)}
        // A deleted video can no longer be chosen: the server has already cleared it if saved.
        onDeleted={(name) => name === value && onChange(null)}
      />
    </Stack>
  );
}

function VideoRow({ video, onDelete }: { video: BackgroundVideo; onDelete: () => void }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <FormControlLabel
        value={video.name}
        control={<Radio />}
        label={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Box
              component="video"
              src={video.url}
              muted
              preload="metadata"
              aria-hidden
              sx={{
                width: 96,
                height: 54,
                objectFit: 'cover',
                borderRadius: 1,
                bgcolor: 'grey.900',
              }}
            />
            <span>
              <Typography component="span" sx={{ display: 'block' }}>
                {video.name}
              </Typography>
              <Typography component="span" variant="caption" color="text.secondary">
                {megabytes(video.size_bytes)}
                {video.active ? ' · active' : ''}
              </Typography>
            </span>
          </Stack>
        }
      />
      <Tooltip title={`Delete ${video.name}`}>
        <IconButton aria-label={`Delete ${video.name}`} color="error" onClick={onDelete}>
          <DeleteOutline />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

interface DeleteVideoDialogProps {
  video: BackgroundVideo | null;
  onClose: () => void;
  onDeleted: (name: string) => void;
}

function DeleteVideoDialog({ video, onClose, onDeleted }: DeleteVideoDialogProps) {
  const remove = useDeleteBackground();
  const toast = useToast();
  const confirm = () => {
    if (!video) return;
    remove.mutate(video.name, {
      onSuccess: () => {
        toast.success('Video deleted.');
        onDeleted(video.name);
        onClose();
      },
      onError: (error) => toast.error(`Delete video failed: ${errorMessage(error)}`),
    });
  };
  const activeNote = video?.active
    ? ' It is the active background; the landing will show no video.'
    : '';
  return (
    <ConfirmDialog
      isOpen={video !== null}
      title="Delete video"
      text={video ? `Delete ${video.name}?${activeNote} This cannot be undone.` : ''}
      confirmLabel="Delete"
      isBusy={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
