import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { ExplainDialog } from './explain-dialog';

/** The info button of a job row: opens "Why this assignment?" for that job. */
export function ExplainButton({ jobId, disabled = false }: { jobId: number; disabled?: boolean }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Tooltip
        title={disabled ? 'Set dates first: an undated job is not planned' : 'Why this assignment?'}
      >
        <span>
          <IconButton
            size="small"
            aria-label={`Why this assignment? Job ${jobId}`}
            disabled={disabled}
            onClick={() => setOpen(true)}
          >
            <InfoOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {isOpen && <ExplainDialog jobId={jobId} onClose={() => setOpen(false)} />}
    </>
  );
}
