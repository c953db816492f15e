import { useRef } from 'react';
import Button from '@mui/material/Button';
import UploadFile from '@mui/icons-material/UploadFile';
import { errorMessage } from '../../../lib/api-client';
import { UploadRejection } from '../../../lib/api-files';
import { useToast } from '../../../components/toast/toast-context';
import { useImportRoster, type RosterKind } from '../api/import-roster';

/** Imports physicists or kits from a CSV file; refusals list their first line-numbered errors. */
export function CsvImportButton({ kind }: { kind: RosterKind }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const importRoster = useImportRoster();
  const toast = useToast();
  const onFile = (file: File | undefined) => {
    if (!file) return;
    importRoster.mutate(
      { kind, file },
      {
        onSuccess: (result) => toast.success(`Import successful: ${result.added} ${kind} added.`),
        onError: (error) => {
          const lines =
            error instanceof UploadRejection
              ? error.issues
                  .slice(0, 3)
                  .map((issue) => ` Line ${issue.line} (${issue.column}): ${issue.message}`)
                  .join(';')
              : '';
          toast.error(`Operation failed: ${errorMessage(error)}${lines}`);
        },
      },
    );
    if (fileRef.current) fileRef.current.value = '';
  };
  return (
    <>
      <input
        ref={fileRef}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid={`${kind}-file-input`}
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFile />}
        onClick={() => fileRef.current?.click()}
        disabled={importRoster.isPending}
      >
        Import CSV
      </Button>
    </>
  );
}
