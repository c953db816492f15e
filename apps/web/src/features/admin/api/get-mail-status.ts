import { useQuery } from '@tanstack/react-query';
import { MailStatusSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/admin/mail: whether the server sends e-mail, and how deliveries stand. */
export const getMailStatus = (signal?: AbortSignal) =>
  apiRequest('/admin/mail', MailStatusSchema, { signal });

export const useMailStatus = () =>
  useQuery({ queryKey: queryKeys.mailStatus, queryFn: ({ signal }) => getMailStatus(signal) });
