import type { Instance, JobAssignment } from '../src';

/** A tiny instance: two leads, two data-acq physicists, three jobs, two kits. */
export function tinyInstance(): Instance {
  return {
    weights: { proximity: 0.5, job_balance: 0.3, staff_rotation: 0.2 },
    physicists: [
      { id: 'L1', name: 'Lead One', role: 'lead', lat: 40, lon: -75, unavailable: [] },
      {
        id: 'L2',
        name: 'Lead Two',
        role: 'lead',
        lat: 41,
        lon: -75,
        unavailable: [{ start: '2027-01-06', end: '2027-01-07' }],
      },
      { id: 'D1', name: 'Acq One', role: 'dataacq', lat: 40, lon: -76, unavailable: [] },
      { id: 'D2', name: 'Acq Two', role: 'dataacq', lat: 42, lon: -76, unavailable: [] },
    ],
    jobs: [
      job('J1', 'Mercy', 40, -75, '2027-01-04', '2027-01-05'),
      job('J2', ' mercy ', 41, -75, '2027-01-05', '2027-01-06'),
      job('J3', 'St Luke', null, null, '2027-01-08', '2027-01-08'),
    ],
    kits: [
      { id: 'K1', name: 'Kit 1', lat: 40, lon: -75, is_out_for_maintenance: false },
      { id: 'K2', name: 'Kit 2', lat: 40, lon: -75, is_out_for_maintenance: true },
    ],
  };
}

function job(
  id: string,
  customer: string,
  lat: number | null,
  lon: number | null,
  start: string,
  end: string,
) {
  return { id, customer, lat, lon, start, end, lead_id: null, data_acq_id: null, kit_id: null };
}

export const assignment = (
  job_id: string,
  lead_id: string | null,
  data_acq_id: string | null,
  kit_id: string | null = null,
): JobAssignment => ({ job_id, lead_id, data_acq_id, kit_id });
