import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { inclusiveDays } from '@meridian/domain';
import { useAvailability } from '../../../lib/scheduling-api/get-availability';
import { ExportMenu } from '../../../components/export-menu';
import { PageHeader } from '../../../components/page-header';
import { useErrorToast } from '../../../components/use-error-toast';

/** /unavailability: the leave records, read-only (changes go through the roster or an upload). */
export function UnavailabilityPage() {
  const records = useAvailability();
  useErrorToast(records.error, 'Failed to fetch unavailability data.');
  const rows = records.data ?? [];
  return (
    <>
      <PageHeader title="Unavailabilities">
        <ExportMenu page="unavailability" shown={() => ({ jobs: [], unavailability: rows })} />
      </PageHeader>
      <Paper variant="outlined">
        {records.isPending && <LinearProgress aria-label="Loading unavailability" />}
        {records.error && <Alert severity="error">Failed to fetch unavailability data.</Alert>}
        <TableContainer>
          <Table size="small" aria-label="Unavailability records">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>Physicist</TableCell>
                <TableCell sx={{ fontWeight: 700 }}>Start</TableCell>
                <TableCell sx={{ fontWeight: 700 }}>End</TableCell>
                <TableCell sx={{ fontWeight: 700 }}>Days</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((record) => (
                <TableRow key={record.id} hover>
                  <TableCell>{record.physicist_name}</TableCell>
                  <TableCell>{record.start_date}</TableCell>
                  <TableCell>{record.end_date}</TableCell>
                  <TableCell>{inclusiveDays(record.start_date, record.end_date)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {records.data && rows.length === 0 && (
          <Stack sx={{ py: 6, alignItems: 'center' }}>
            <Typography color="text.secondary">No unavailability records found</Typography>
          </Stack>
        )}
      </Paper>
    </>
  );
}
