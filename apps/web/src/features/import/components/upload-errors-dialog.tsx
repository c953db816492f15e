import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { UploadRejection } from '../../../lib/api-files';

/** The line-numbered problems of a refused file, so the user can fix them in the spreadsheet. */
export function UploadErrorsDialog({
  rejection,
  onClose,
}: {
  rejection: UploadRejection | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={rejection !== null} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Upload failed</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {rejection?.message} Nothing was changed.
        </DialogContentText>
        <Table size="small" aria-label="Upload errors">
          <TableHead>
            <TableRow>
              <TableCell>Line</TableCell>
              <TableCell>Column</TableCell>
              <TableCell>Value</TableCell>
              <TableCell>Problem</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rejection?.issues.map((issue, index) => (
              <TableRow key={index}>
                <TableCell>{issue.line}</TableCell>
                <TableCell>{issue.column}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{issue.value}</TableCell>
                <TableCell>{issue.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
