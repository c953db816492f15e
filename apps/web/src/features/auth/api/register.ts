import { useMutation } from '@tanstack/react-query';
import { RegisterResponseSchema, type RegisterRequest } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/auth/register: creates a regular account. */
export const register = (body: RegisterRequest) =>
  apiRequest('/auth/register', RegisterResponseSchema, { method: 'POST', json: body });

export const useRegister = () => useMutation({ mutationFn: register });
