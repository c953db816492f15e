import type { Kit, Physicist } from '@meridian/domain';
import { testJobRecord } from '../../../test/job-fixture';

/** A job as the API lists it. */
export const record = testJobRecord;

export const people: Physicist[] = [
  { id: 1, name: 'Zoe Lead', role: 'lead', home_zip: '10016' },
  { id: 2, name: 'Amy Lead', role: 'lead', home_zip: '02115' },
  { id: 3, name: 'Bo Acq', role: 'dataacq', home_zip: '10016' },
];
export const kits: Kit[] = [
  {
    id: 7,
    name: 'Kit A',
    current_location_zip: '10016',
    is_out_for_maintenance: false,
    comments: '',
  },
];
