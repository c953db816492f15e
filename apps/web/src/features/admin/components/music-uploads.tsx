import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import { MAX_MUSIC_FILE_BYTES, type MusicUpload } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useDeleteMusic, useMusicUploads, useUploadMusic } from '../api/music-uploads';
import { fetchFailure } from './fetch-failure';
import { fileSize, megabytes } from './file-size';
import { ConfirmDialog } from '../../../components/confirm-dialog';

interface MusicUploadsProps {
  /** Radio mode: the playlist is not used, so its boxes are disabled. */
  disabled: boolean;
  selected: readonly string[];
  onToggle: (key: string, isOn: boolean) => void;
  onDeleted: (key: string) => void;
}

/** Uploaded music files: tick them into the playlist, upload more, delete. */
export function MusicUploads({ disabled, selected, onToggle, onDeleted }: MusicUploadsProps) {
  const uploads = useMusicUploads();
  const upload = useUploadMusic();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState<MusicUpload | null>(null);

  const send = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_MUSIC_FILE_BYTES) {
      toast.error(
        `Music upload failed: ${file.name} is ${megabytes(file.size)}; the limit is ${megabytes(MAX_MUSIC_FILE_BYTES)}`,
      );
      return;
    }
    upload.mutate(file, {
      onSuccess: (stored) => {
        // Ticked straight away: uploading a track usually means wanting to hear it.
        onToggle(stored.key, true);
        toast.success('Music file uploaded. Save to add it to the playlist.');
      },
      onError: (error) => toast.error(`Music upload failed: ${errorMessage(error)}`),
    });
  };

  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">Uploaded music files</FormLabel>
      {uploads.error && <Alert severity="error">{fetchFailure(uploads.error)}</Alert>}
      {uploads.isPending && <CircularProgress size={24} aria-label="Loading music files" />}
      {uploads.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          No music files uploaded yet. MP3, Ogg (Opus or Vorbis), WAV or FLAC, up to{' '}
          {megabytes(MAX_MUSIC_FILE_BYTES)}.
        </Typography>
      )}
      {uploads.data?.map((file) => (
        <Stack key={file.key} direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
          <FormControlLabel
            disabled={disabled}
            sx={{ minWidth: 0, mr: 1 }}
            control={
              <Checkbox
                checked={selected.includes(file.key)}
                onChange={(event) => onToggle(file.key, event.target.checked)}
              />
            }
            label={
              <span>
                <Typography component="span" sx={{ display: 'block', wordBreak: 'break-word' }}>
                  {file.name}
                </Typography>
                <Typography component="span" variant="caption" color="text.secondary">
                  {fileSize(file.size_bytes)}
                </Typography>
              </span>
            }
          />
          <Tooltip title={`Delete ${file.name}`}>
            <IconButton
              aria-label={`Delete ${file.name}`}
              color="error"
              onClick={() => setDeleting(file)}
            >
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        </Stack>
      ))}
      <div>
        <input
          ref={input}
          type="file"
          accept="audio/*,.mp3,.ogg,.opus,.wav,.flac"
          hidden
          data-testid="music-upload-input"
          onChange={(event) => {
            send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          variant="outlined"
          sx={{ mt: 1 }}
          startIcon={upload.isPending ? <CircularProgress size={16} /> : <UploadFile />}
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          Upload Music
        </Button>
      </div>
      <DeleteMusicDialog file={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />
    </FormControl>
  );
}

interface DeleteMusicDialogProps {
  file: MusicUpload | null;
  onClose: () => void;
  onDeleted: (key: string) => void;
}

function DeleteMusicDialog({ file, onClose, onDeleted }: DeleteMusicDialogProps) {
  const remove = useDeleteMusic();
  const toast = useToast();
  const confirm = () => {
    if (!file) return;
    remove.mutate(file.key, {
      onSuccess: () => {
        toast.success('Music file deleted.');
        onDeleted(file.key);
        onClose();
      },
      onError: (error) => toast.error(`Delete music file failed: ${errorMessage(error)}`),
    });
  };
  return (
    <ConfirmDialog
      isOpen={file !== null}
      title="Delete music file"
      text={file ? `Delete ${file.name}? It leaves the playlist too. This cannot be undone.` : ''}
      confirmLabel="Delete"
      isBusy={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
