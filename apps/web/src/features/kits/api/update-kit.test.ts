import { MutationObserver, QueryClient } from '@tanstack/react-query';
import type { JobRecord } from '@meridian/contracts';
import type { Job, Kit } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { overrideKitMutation } from '../../../lib/scheduling-api/kit-override';
import { queryKeys, SCHEDULING_LISTS } from '../../../lib/query-keys';
import { updateKitMutation } from './update-kit';
import { testJobRecord } from '../../../test/job-fixture';

const KEYS = SCHEDULING_LISTS;

const kit: Kit = {
  id: 1,
  name: 'Kit A',
  current_location_zip: '10001',
  is_out_for_maintenance: false,
  comments: '',
};
const job = (id: number, kitId: number | null): JobRecord =>
  testJobRecord({
    id,
    end: '2026-03-03',
    duration: 2,
    assigned_kit_id: kitId,
    assigned_kit_name: kitId === null ? null : 'Kit A',
  });

function filledClient(): QueryClient {
  const client = new QueryClient();
  for (const key of KEYS) client.setQueryData(queryKeys[key], []);
  client.setQueryData(queryKeys.kits, [kit]);
  client.setQueryData(queryKeys.jobs, [job(7, null), job(8, null)]);
  client.setQueryData(queryKeys.assignments, [job(7, null), job(8, null)]);
  return client;
}

const stale = (client: QueryClient) =>
  KEYS.filter((key) => client.getQueryState(queryKeys[key])?.isInvalidated);

describe('kit mutations refresh the job lists they change', () => {
  it('saving a kit (e.g. out for maintenance) replaces it and refetches jobs, assignments and zips', async () => {
    const client = filledClient();
    const saved = { ...kit, is_out_for_maintenance: true };
    const observer = new MutationObserver(client, {
      ...updateKitMutation(client),
      mutationFn: () => Promise.resolve(saved),
    });
    await observer.mutate({ ...saved });
    expect(client.getQueryData(queryKeys.kits)).toEqual([saved]);
    expect(stale(client)).toEqual(['jobs', 'assignments', 'zipData']);
  });

  it('a kit override puts the answer in both job lists and refetches them (kit_location of other jobs)', async () => {
    const client = filledClient();
    const answer = job(8, 1);
    const observer = new MutationObserver(client, {
      ...overrideKitMutation(client),
      mutationFn: () => Promise.resolve(answer),
    });
    await observer.mutate({ job_id: 8, kit_id: 1 });
    expect(client.getQueryData<Job[]>(queryKeys.assignments)?.[1]).toEqual(answer);
    expect(client.getQueryData<Job[]>(queryKeys.jobs)?.[1]).toEqual(answer);
    expect(stale(client)).toEqual(['jobs', 'assignments']);
  });
});
