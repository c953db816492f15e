import { useMutation } from '@tanstack/react-query';
import { TokenResponseSchema, type ChangePasswordRequest } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { setToken } from '../../../lib/session-store';

/**
 * PUT /api/v1/me/password: every other session and the calendar feed end;
 * the answer is a fresh token, stored at once so this tab stays signed in.
 */
export const changePassword = async (body: ChangePasswordRequest) => {
  const answer = await apiRequest('/me/password', TokenResponseSchema, {
    method: 'PUT',
    json: body,
  });
  setToken(answer.access_token);
  return answer;
};

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
