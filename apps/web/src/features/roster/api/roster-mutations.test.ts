import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys, SCHEDULING_LISTS, type SchedulingList } from '../../../lib/query-keys';
import { createKitMutation } from './create-kit';
import { createPhysicistMutation } from './create-physicist';
import { deleteKitMutation } from './delete-kit';
import { deletePhysicistMutation } from './delete-physicist';
import { importRosterMutation } from './import-roster';
import { updatePhysicistMutation } from './update-physicist';

type Key = SchedulingList;
const KEYS = SCHEDULING_LISTS;

/** A client holding every scheduling list, fresh. */
function filledClient(): QueryClient {
  const client = new QueryClient();
  for (const key of KEYS) client.setQueryData(queryKeys[key], []);
  return client;
}

/** Runs a mutation's success path (the request answered as given) and lists the stale lists. */
async function staleAfter<TVariables>(
  build: (client: QueryClient) => { onSuccess?: unknown },
  variables: TVariables,
  answer: unknown = undefined,
): Promise<Key[]> {
  const client = filledClient();
  const options = build(client);
  const observer = new MutationObserver(client, {
    ...(options as object),
    mutationFn: () => Promise.resolve(answer),
  });
  await observer.mutate(variables as never);
  return KEYS.filter((key) => client.getQueryState(queryKeys[key])?.isInvalidated);
}

describe('roster mutations refresh what they change on the server', () => {
  it('deleting a physicist: their job slots are emptied and their leave deleted', async () => {
    expect(await staleAfter(deletePhysicistMutation, 3)).toEqual([
      'jobs',
      'assignments',
      'physicists',
      'availability',
    ]);
  });

  it('deleting a kit: its slot is emptied on every job', async () => {
    expect(await staleAfter(deleteKitMutation, 3)).toEqual(['jobs', 'assignments', 'kits']);
  });

  it('editing a physicist: names on jobs and leave change, a new home zip joins the zip table', async () => {
    const edit = { id: 3, name: 'New Name', role: 'lead' as const, home_zip: '10001' };
    expect(await staleAfter(updatePhysicistMutation, edit)).toEqual([
      'jobs',
      'assignments',
      'physicists',
      'availability',
      'zipData',
    ]);
  });

  it('adding people, kits or an import refreshes its list and the zip table only', async () => {
    const person = { name: 'A', role: 'lead' as const, home_zip: '10001' };
    expect(await staleAfter(createPhysicistMutation, person)).toEqual(['physicists', 'zipData']);
    const kit = { name: 'K', current_location_zip: '10001' };
    expect(await staleAfter(createKitMutation, kit)).toEqual(['kits', 'zipData']);
    const file = { kind: 'kits' as const, file: new File([''], 'kits.csv') };
    expect(await staleAfter(importRosterMutation, file, { added: 0, warnings: [] })).toEqual([
      'kits',
      'zipData',
    ]);
  });
});
