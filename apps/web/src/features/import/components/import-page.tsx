import { PendingScreen } from '../../../components/pending-screen';

/** Data Management: replaced by the real screen when the scheduling data lands. */
export function ImportPage() {
  return (
    <PendingScreen
      title="Data Management"
      purpose="Upload the job schedule as CSV, add and edit jobs, and filter them by date."
    />
  );
}
