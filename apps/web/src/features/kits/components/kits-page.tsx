import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Edit from '@mui/icons-material/EditOutlined';
import type { Kit } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useCanEditKits } from '../../../lib/current-user';
import { useKits } from '../../../lib/scheduling-api/get-kits';
import { PageHeader } from '../../../components/page-header';
import { useErrorToast } from '../../../components/use-error-toast';
import { EditKitDialog } from './edit-kit-dialog';

/**
 * /kits: every kit with its location, maintenance flag and comments. The edit
 * controls are offered only to those the server lets edit (admins, managers
 * and the kit editors of KIT_EDITOR_USERNAMES, from GET /auth/me).
 */
export function KitsPage() {
  const kits = useKits();
  const canEdit = useCanEditKits();
  const [editing, setEditing] = useState<Kit | null>(null);
  const failure = kits.error ? `Failed to fetch kits: ${errorMessage(kits.error)}` : '';
  useErrorToast(kits.error, failure);

  return (
    <>
      <PageHeader title="Kit Management" />
      <Paper variant="outlined">
        {kits.isPending && <LinearProgress aria-label="Loading kits" />}
        {kits.error && <Alert severity="error">{failure}</Alert>}
        <TableContainer>
          <Table size="small" aria-label="Kits">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>Name</TableCell>
                <TableCell sx={{ fontWeight: 700 }}>Location zip</TableCell>
                <TableCell sx={{ fontWeight: 700 }}>Maintenance</TableCell>
                <TableCell sx={{ fontWeight: 700 }}>Comments</TableCell>
                {canEdit && (
                  <TableCell sx={{ fontWeight: 700 }} align="right">
                    Edit
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {kits.data?.map((kit) => (
                <TableRow key={kit.id} hover data-testid={`kit-row-${kit.name}`}>
                  <TableCell sx={{ fontWeight: 600 }}>{kit.name}</TableCell>
                  <TableCell>{kit.current_location_zip}</TableCell>
                  <TableCell>
                    {kit.is_out_for_maintenance ? (
                      <Chip size="small" color="warning" label="Out for maintenance" />
                    ) : (
                      <Chip size="small" color="success" variant="outlined" label="Available" />
                    )}
                  </TableCell>
                  <TableCell>{kit.comments}</TableCell>
                  {canEdit && (
                    <TableCell align="right">
                      <Tooltip title="Edit kit">
                        <IconButton aria-label={`Edit ${kit.name}`} onClick={() => setEditing(kit)}>
                          <Edit fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {canEdit && <EditKitDialog kit={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
