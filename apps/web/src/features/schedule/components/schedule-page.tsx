import { PendingScreen } from '../../../components/pending-screen';

/** Job Ingestion & Review: replaced by the real screen when the scheduling data lands. */
export function SchedulePage() {
  return (
    <PendingScreen
      title="Job Ingestion & Review"
      purpose="Review the nearest free candidates for each job and assign a lead, a data-acquisition physicist and a kit by hand."
    />
  );
}
