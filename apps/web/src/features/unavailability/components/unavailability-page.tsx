import { PendingScreen } from '../../../components/pending-screen';

/** Unavailabilities: replaced by the real screen when the scheduling data lands. */
export function UnavailabilityPage() {
  return (
    <PendingScreen
      title="Unavailabilities"
      purpose="The leave and unavailability records of every physicist, read-only and exportable."
    />
  );
}
