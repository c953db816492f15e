import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Check from '@mui/icons-material/Check';
import FileDownload from '@mui/icons-material/FileDownload';
import { exportFileName, type ExportData, type ExportPage } from '@meridian/contracts';
import { downloadBlob, saveBlob } from '../lib/api-files';
import { errorMessage } from '../lib/api-client';
import {
  PAPER_LABELS,
  PAPER_SIZES,
  readPaperSize,
  storePaperSize,
  type PaperSize,
} from '../lib/pdf-paper';
import { useToast } from './toast/toast-context';

interface ExportMenuProps {
  page: ExportPage;
  /** The rows as shown (filters applied), for the PDF built in the browser. */
  shown: () => ExportData;
}

/** Export menu: CSV and XLSX come from the server, PDF is built here with jsPDF. */
export function ExportMenu({ page, shown }: ExportMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [paper, setPaper] = useState<PaperSize>(readPaperSize);
  const toast = useToast();

  const choosePaper = (next: PaperSize) => {
    setPaper(next);
    storePaperSize(next);
  };

  const run = async (format: 'csv' | 'xlsx' | 'pdf') => {
    setAnchor(null);
    setIsBusy(true);
    try {
      if (format === 'pdf') {
        // Loaded on demand: jsPDF is large and most visits never export.
        const { savePdf } = await import('../lib/export-pdf');
        await savePdf(page, shown(), paper);
      } else {
        const blob = await downloadBlob(`/export?page=${page}&format=${format}`);
        saveBlob(blob, exportFileName(page, format));
      }
    } catch (error) {
      toast.error(`Export failed: ${errorMessage(error)}`);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownload />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={isBusy}
        aria-haspopup="menu"
      >
        Export
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void run('csv')}>CSV</MenuItem>
        <MenuItem onClick={() => void run('xlsx')}>XLSX</MenuItem>
        <MenuItem onClick={() => void run('pdf')}>PDF</MenuItem>
        <Divider />
        {/* A menu holds only items and separators (a subheader would break its role): each
            paper item names what it sets. */}
        {PAPER_SIZES.map((size) => (
          <MenuItem
            key={size}
            role="menuitemradio"
            aria-checked={paper === size}
            onClick={() => choosePaper(size)}
          >
            <ListItemIcon>{paper === size && <Check fontSize="small" />}</ListItemIcon>
            PDF paper: {PAPER_LABELS[size]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
