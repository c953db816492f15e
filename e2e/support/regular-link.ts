import { adminApi } from './scheduling-data';
import { provided } from './provided';

/**
 * The suite's regular account stands for a physicist in the files that show a
 * physicist's own screens: each links it in its beforeAll and unlinks it in
 * its afterAll, so no other file finds it linked.
 */

let regularId: Promise<number> | undefined;

/** The regular account's user id, looked up once per file. */
async function regularUserId(): Promise<number> {
  regularId ??= adminApi<{ id: number; username: string }[]>('/admin/users').then(
    (users) => users.find((u) => u.username === provided('regular').username)!.id,
  );
  return regularId;
}

/** Links the regular account to a physicist by id, or to none (null). */
export async function setRegularLink(physicistId: number | null): Promise<void> {
  await adminApi(`/admin/users/${await regularUserId()}`, {
    method: 'PUT',
    body: JSON.stringify({ physicist_id: physicistId }),
  });
}

/** Links the regular account to the physicist of that name; answers the physicist's id. */
export async function linkRegularTo(physicistName: string): Promise<number> {
  const people = await adminApi<{ id: number; name: string }[]>('/physicists/');
  const physicistId = people.find((p) => p.name === physicistName)!.id;
  await setRegularLink(physicistId);
  return physicistId;
}

/** Unlinks the regular account (a file's afterAll). */
export const unlinkRegular = (): Promise<void> => setRegularLink(null);
