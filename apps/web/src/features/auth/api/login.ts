import { useMutation } from '@tanstack/react-query';
import { TokenResponseSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';

export interface Credentials {
  username: string;
  password: string;
}

/** POST /api/v1/token, form-encoded as OAuth2 password flow servers expect. */
export const login = (credentials: Credentials) =>
  apiRequest('/token', TokenResponseSchema, {
    method: 'POST',
    form: { username: credentials.username, password: credentials.password },
  });

export const useLogin = () => useMutation({ mutationFn: login });
