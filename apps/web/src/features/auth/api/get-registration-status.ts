import { queryOptions, useQuery } from '@tanstack/react-query';
import { RegistrationStatusSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/auth/registration (public): whether self-registration is open. */
export const getRegistrationStatus = (signal?: AbortSignal) =>
  apiRequest('/auth/registration', RegistrationStatusSchema, { signal });

export const registrationStatusQuery = () =>
  queryOptions({
    queryKey: queryKeys.registrationStatus,
    queryFn: ({ signal }) => getRegistrationStatus(signal),
    // Unknown (loading or failed) counts as closed: the link never offers what the server refuses.
    retry: false,
    select: (answer) => answer.open,
  });

/** True only once the server has said registration is open. */
export const useRegistrationOpen = () => useQuery(registrationStatusQuery()).data === true;
