import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { readWarnings, warningCount } from './upload-warnings';

/**
 * After an upload or import that succeeded with warnings: a button with their
 * count, opening a dialog that lists every warning the server sent (each names
 * its line). Nothing is shown for an upload without warnings.
 */
export function UploadWarningsButton({
  warnings,
  title,
}: {
  warnings: readonly string[];
  title: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const { listed, total } = readWarnings(warnings);
  if (total === 0) return null;
  const count = warningCount(total);
  return (
    <>
      <Button
        variant="outlined"
        color="warning"
        startIcon={<WarningAmber />}
        onClick={() => setIsOpen(true)}
      >
        {count}
      </Button>
      <Dialog open={isOpen} onClose={() => setIsOpen(false)} maxWidth="md" fullWidth>
        <DialogTitle>
          {title}: {count}
        </DialogTitle>
        <DialogContent dividers>
          <DialogContentText sx={{ mb: 1 }}>
            The data was saved; these rows were read with a warning.
            {listed.length < total &&
              ` The server lists the first ${listed.length}; ${total - listed.length} more are not shown.`}
          </DialogContentText>
          <List dense aria-label={title}>
            {listed.map((warning, index) => (
              <ListItem key={index} divider>
                <ListItemText primary={warning} />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
