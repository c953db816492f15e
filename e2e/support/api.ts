import type { Credentials } from './provided';

/** Signs in through the API and returns the bearer token. */
export async function apiToken(baseUrl: string, credentials: Credentials): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/token`, {
    method: 'POST',
    body: new URLSearchParams({ ...credentials }),
  });
  if (!response.ok) {
    throw new Error(
      `login as ${credentials.username} failed: ${response.status} ${await response.text()}`,
    );
  }
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** Creates a user through the admin API. */
export async function createUser(
  baseUrl: string,
  adminToken: string,
  user: Credentials & { email: string; role: 'admin' | 'manager' | 'regular' },
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/admin/users`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!response.ok) {
    throw new Error(
      `creating ${user.username} failed: ${response.status} ${await response.text()}`,
    );
  }
}

/** Whether a username and password can sign in right now. */
export async function canSignIn(baseUrl: string, credentials: Credentials): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/v1/token`, {
    method: 'POST',
    body: new URLSearchParams({ ...credentials }),
  });
  return response.ok;
}
