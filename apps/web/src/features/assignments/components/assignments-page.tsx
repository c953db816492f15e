import Box from '@mui/material/Box';
import { PendingScreen } from '../../../components/pending-screen';
import { OptimizationControls } from '../../optimization/components/optimization-controls';

/** Assignments: replaced by the real screen when the scheduling data lands. */
export function AssignmentsPage() {
  return (
    <>
      {/* Optimisation controls (features/optimization): admins and managers only. */}
      <Box sx={{ mb: 2 }}>
        <OptimizationControls />
      </Box>
      <PendingScreen
        title="Assignments"
        purpose="Every job with its lead, data-acquisition physicist and kit, filterable by physicist and exportable."
      />
    </>
  );
}
