import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import UploadFile from '@mui/icons-material/UploadFile';
import { errorMessage } from '../../../lib/api-client';
import { UploadRejection } from '../../../lib/api-files';
import { useToast } from '../../../components/toast/toast-context';
import { UploadWarningsButton } from '../../../components/upload-warnings-button';
import { readWarnings, warningsNote } from '../../../components/upload-warnings';
import { useImportRoster, type RosterKind } from '../api/import-roster';

/**
 * Imports physicists or kits from a CSV file; refusals list their first
 * line-numbered errors, and the warnings of an accepted file stay readable
 * behind a count until the next import.
 */
export function CsvImportButton({ kind }: { kind: RosterKind }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const importRoster = useImportRoster();
  const toast = useToast();
  const [warnings, setWarnings] = useState<readonly string[]>([]);
  const onFile = (file: File | undefined) => {
    if (!file) return;
    setWarnings([]);
    importRoster.mutate(
      { kind, file },
      {
        onSuccess: (result) => {
          toast.success(`Import successful: ${result.added} ${kind} added.`);
          setWarnings(result.warnings);
          const { total } = readWarnings(result.warnings);
          if (total > 0) toast.warning(warningsNote(total));
        },
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
      <UploadWarningsButton warnings={warnings} title={`Import warnings (${kind})`} />
    </>
  );
}
