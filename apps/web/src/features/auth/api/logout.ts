import { apiSend } from '../../../lib/api-client';

/** How long a sign-out waits for the server before the browser forgets the token anyway. */
const LOGOUT_WAIT_MS = 5000;

/**
 * POST /api/v1/auth/logout: the server revokes this token (every node answers
 * 401 to it from now on); with `everywhere`, every session of the account
 * ends. Never throws: the caller forgets the token whatever the answer (a
 * server out of reach keeps the token valid until it expires, as before).
 */
export async function logout(everywhere = false): Promise<boolean> {
  try {
    await apiSend(`/auth/logout${everywhere ? '?everywhere=true' : ''}`, {
      method: 'POST',
      signal: AbortSignal.timeout(LOGOUT_WAIT_MS),
    });
    return true;
  } catch {
    return false;
  }
}
