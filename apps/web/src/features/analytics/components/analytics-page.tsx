import { PendingScreen } from '../../../components/pending-screen';

/** Analytics: replaced by the real screen when the scheduling data lands. */
export function AnalyticsPage() {
  return (
    <PendingScreen
      title="Analytics"
      purpose="Travel distances, workload balance and coverage of the current plan, and a comparison of the optimisation algorithms."
    />
  );
}
