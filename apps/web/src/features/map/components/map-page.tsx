import { PageHeader } from '../../../components/page-header';
import { useWindowHeight } from '../../../lib/use-element-size';
import { MapView } from './map-view';

/** Room above and below the drawing: top bar, heading, filters, zoom row and legend. */
const CHROME_PX = 325;

/** /map: the offline map as large as the window allows, opening on this week. */
export function MapPage() {
  const windowHeight = useWindowHeight();
  return (
    <>
      <PageHeader title="Map" />
      <MapView maxMapHeight={Math.max(260, windowHeight - CHROME_PX)} opensOnThisWeek />
    </>
  );
}
