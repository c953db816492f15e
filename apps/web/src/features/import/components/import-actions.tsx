import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import PlayArrow from '@mui/icons-material/PlayArrow';
import UploadFile from '@mui/icons-material/UploadFile';
import { errorMessage } from '../../../lib/api-client';
import { UploadRejection } from '../../../lib/api-files';
import { useAnalyze } from '../../../lib/scheduling-api/analyze';
import { useAvailability } from '../../../lib/scheduling-api/get-availability';
import { useJobs } from '../../../lib/scheduling-api/get-jobs';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { UploadWarningsButton } from '../../../components/upload-warnings-button';
import { readWarnings, warningsNote } from '../../../components/upload-warnings';
import { useCreateJob } from '../api/create-job';
import { useUploadSchedule } from '../api/upload-schedule';
import { UploadErrorsDialog } from './upload-errors-dialog';

/** What Process Live Data does, said where the button is (POST /analyze/). */
const PROCESS_TIP =
  "Rechecks every job against today's roster, leave and zip table: recomputes each job's region and lists its nearest free candidates. Assigns nobody.";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The replacement's confirmation: what will be deleted, in numbers. */
export const replaceText = (fileName: string, jobs: number, records: number) =>
  `Uploading ${fileName} deletes all ${plural(jobs, 'job')} and ${plural(records, 'unavailability record')} now stored and puts the file's rows in their place. This cannot be undone.`;

/** Upload CSV to Replace All (after a confirmation with the counts), Add New Job and Process Live Data. */
export function ImportActions() {
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadSchedule();
  const createJob = useCreateJob();
  const analyze = useAnalyze();
  const toast = useToast();
  const [rejection, setRejection] = useState<UploadRejection | null>(null);
  // The last successful upload's warnings, kept until the next upload so all of them can be read.
  const [warnings, setWarnings] = useState<readonly string[]>([]);
  // A chosen file waits here until its replacement is confirmed.
  const [pending, setPending] = useState<File | null>(null);
  const jobCount = useJobs().data?.length ?? 0;
  const recordCount = useAvailability().data?.length ?? 0;

  const onFile = (file: File | undefined) => {
    // The same file chosen again must fire change again.
    if (fileRef.current) fileRef.current.value = '';
    if (file) setPending(file);
  };

  const replaceWith = (file: File) => {
    setPending(null);
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
  };

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <input
        ref={fileRef}
        type="file"
        accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
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
      <Tooltip title={PROCESS_TIP} describeChild>
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
      </Tooltip>
      <UploadErrorsDialog rejection={rejection} onClose={() => setRejection(null)} />
      <ConfirmDialog
        isOpen={pending !== null}
        title="Replace all jobs?"
        text={replaceText(pending?.name ?? '', jobCount, recordCount)}
        confirmLabel="Replace all"
        onConfirm={() => pending && replaceWith(pending)}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
