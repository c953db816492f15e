import type { JobRecord } from '@meridian/contracts';
import type { Kit, Physicist } from '@meridian/domain';
import type { TestApp } from './support/test-app';

/** Who calls in a scheduling test. */
export type As = 'admin' | 'manager' | 'regular';

const BOUNDARY = 'scheduling-test-boundary';

/** Sends one file as multipart/form-data (field `file`), the way the browser does. */
export function postFile(
  t: TestApp,
  url: string,
  fileName: string,
  content: string | Buffer,
  as: As = 'manager',
) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const body = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...t.bearer(t.tokens[as]),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: Buffer.concat([head, body, tail]),
  });
}

/** An authenticated inject with a JSON body. */
export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
  as: As = 'manager',
) {
  return t.app.inject({
    method,
    url,
    headers: t.bearer(t.tokens[as]),
    ...(body === undefined ? {} : { payload: body }),
  });
}

/** Links the test app's regular user to a physicist (as an admin would), so /me routes have one. */
export async function linkRegular(t: TestApp, physicistId: number): Promise<void> {
  const res = await call(
    t,
    'PUT',
    `/api/v1/admin/users/${t.users.regular.id}`,
    { physicist_id: physicistId },
    'admin',
  );
  if (res.statusCode !== 200)
    throw new Error(`link the regular user: ${res.statusCode} ${res.body}`);
}

/** Adds a physicist through the API and returns it. */
export async function addPhysicist(
  t: TestApp,
  name: string,
  role: 'lead' | 'dataacq',
  home_zip: string,
): Promise<Physicist> {
  const res = await call(t, 'POST', '/api/v1/physicists/', { name, role, home_zip });
  if (res.statusCode !== 201) throw new Error(`add physicist: ${res.statusCode} ${res.body}`);
  return res.json<Physicist>();
}

/** Adds a kit through the API and returns it. */
export async function addKit(t: TestApp, name: string, zip: string, isOut = false): Promise<Kit> {
  const res = await call(t, 'POST', '/api/v1/kits/', {
    name,
    current_location_zip: zip,
    is_out_for_maintenance: isOut,
    comments: '',
  });
  if (res.statusCode !== 201) throw new Error(`add kit: ${res.statusCode} ${res.body}`);
  return res.json<Kit>();
}

/** Every job as the API lists it. */
export async function listJobs(t: TestApp): Promise<JobRecord[]> {
  return (await call(t, 'GET', '/api/v1/jobs/')).json<JobRecord[]>();
}

/** Uploads a schedule CSV and fails the test unless it is accepted. */
export async function uploadSchedule(t: TestApp, csv: string): Promise<void> {
  const res = await postFile(t, '/api/v1/schedules/upload', 'schedule.csv', csv);
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
}
