import { createContext, useContext, useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { ExplainDialog } from './explain-dialog';

/** Opens the explanation of a job; given by ExplainHost to the buttons inside it. */
const OpenExplanation = createContext<((jobId: number) => void) | null>(null);

/**
 * Holds the one "Why this assignment?" dialog of a table, outside its rows:
 * a row's cells are re-created when the table's data refreshes (a finished
 * run reloads the jobs), and a dialog inside a row would close with them
 * while someone is reading it.
 */
export function ExplainHost({ children }: { children: ReactNode }) {
  const [jobId, setJobId] = useState<number | null>(null);
  return (
    <OpenExplanation.Provider value={setJobId}>
      {children}
      {jobId !== null && <ExplainDialog jobId={jobId} onClose={() => setJobId(null)} />}
    </OpenExplanation.Provider>
  );
}

/** The info button of a job row: opens "Why this assignment?" for that job. */
export function ExplainButton({ jobId, disabled = false }: { jobId: number; disabled?: boolean }) {
  const open = useContext(OpenExplanation);
  const [ownJobId, setOwnJobId] = useState<number | null>(null);
  return (
    <>
      <Tooltip
        title={disabled ? 'Set dates first: an undated job is not planned' : 'Why this assignment?'}
      >
        <span>
          <IconButton
            size="small"
            aria-label={`Why this assignment? Job ${jobId}`}
            data-focus-key={`explain-${jobId}`}
            disabled={disabled}
            onClick={() => (open ? open(jobId) : setOwnJobId(jobId))}
          >
            <InfoOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {ownJobId !== null && <ExplainDialog jobId={ownJobId} onClose={() => setOwnJobId(null)} />}
    </>
  );
}
