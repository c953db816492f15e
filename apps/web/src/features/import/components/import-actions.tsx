import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import PlayArrow from '@mui/icons-material/PlayArrow';
import UploadFile from '@mui/icons-material/UploadFile';
import { errorMessage } from '../../../lib/api-client';
import { UploadRejection } from '../../../lib/api-files';
import { useAnalyze } from '../../../lib/scheduling-api/analyze';
import { useToast } from '../../../components/toast/toast-context';
import { UploadWarningsButton } from '../../../components/upload-warnings-button';
import { readWarnings, warningsNote } from '../../../components/upload-warnings';
import { useCreateJob } from '../api/create-job';
import { useUploadSchedule } from '../api/upload-schedule';
import { UploadErrorsDialog } from './upload-errors-dialog';

/** Upload CSV to Replace All, Add New Job and Process Live Data. */
export function ImportActions() {
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadSchedule();
  const createJob = useCreateJob();
  const analyze = useAnalyze();
  const toast = useToast();
  const [rejection, setRejection] = useState<UploadRejection | null>(null);
  // The last successful upload's warnings, kept until the next upload so all of them can be read.
  const [warnings, setWarnings] = useState<readonly string[]>([]);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setWarnings([]);
    upload.mutate(file, {
      onSuccess: (result) => {
        toast.success(
          `Upload successful: ${result.jobs_added} jobs and ${result.availability_added} records added.`,
        );
        setWarnings(result.warnings);
        const { total } = readWarnings(result.warnings);
        if (total > 0) toast.warning(warningsNote(total));
      },
      onError: (error) => {
        toast.error(`Upload failed: ${errorMessage(error)}`);
        if (error instanceof UploadRejection && error.issues.length > 0) setRejection(error);
      },
    });
    // The same file chosen again must fire change again.
    if (fileRef.current) fileRef.current.value = '';
  };

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <input
        ref={fileRef}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="schedule-file-input"
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      <Button
        variant="contained"
        startIcon={<UploadFile />}
        onClick={() => fileRef.current?.click()}
        disabled={upload.isPending}
      >
        Upload CSV to Replace All
      </Button>
      <UploadWarningsButton warnings={warnings} title="Upload warnings" />
      <Button
        variant="outlined"
        startIcon={<Add />}
        disabled={createJob.isPending}
        onClick={() =>
          createJob.mutate(undefined, {
            onSuccess: () => toast.success('New job added successfully.'),
            onError: (error) => toast.error(`Failed to add new job: ${errorMessage(error)}`),
          })
        }
      >
        Add New Job
      </Button>
      <Button
        variant="outlined"
        startIcon={<PlayArrow />}
        disabled={analyze.isPending}
        onClick={() =>
          analyze.mutate(undefined, {
            onSuccess: (result) => toast.success(result.message),
            onError: (error) => toast.error(`Processing failed: ${errorMessage(error)}`),
          })
        }
      >
        Process Live Data
      </Button>
      <UploadErrorsDialog rejection={rejection} onClose={() => setRejection(null)} />
    </Stack>
  );
}
