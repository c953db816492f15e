import { PendingScreen } from '../../../components/pending-screen';

/** Kit Management: replaced by the real screen when the scheduling data lands. */
export function KitsPage() {
  return (
    <PendingScreen
      title="Kit Management"
      purpose="The equipment kits with their location, maintenance status and comments."
    />
  );
}
