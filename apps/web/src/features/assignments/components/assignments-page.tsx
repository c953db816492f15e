import { PendingScreen } from '../../../components/pending-screen';

/** Assignments: replaced by the real screen when the scheduling data lands. */
export function AssignmentsPage() {
  return (
    <PendingScreen
      title="Assignments"
      purpose="Every job with its lead, data-acquisition physicist and kit, filterable by physicist and exportable."
    />
  );
}
