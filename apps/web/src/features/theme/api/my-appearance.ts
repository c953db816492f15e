import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MyAppearanceSchema,
  type MyAppearance,
  type MyAppearanceUpdate,
} from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/me/appearance: the user's theme choice and the organisation's theme. */
export const useMyAppearance = (isSignedIn: boolean) =>
  useQuery({
    queryKey: queryKeys.myAppearance,
    queryFn: ({ signal }) => apiRequest('/me/appearance', MyAppearanceSchema, { signal }),
    enabled: isSignedIn,
    staleTime: 5 * 60_000,
  });

/** PUT /api/v1/me/appearance. */
export const useUpdateMyAppearance = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MyAppearanceUpdate) =>
      apiRequest('/me/appearance', MyAppearanceSchema, { method: 'PUT', json: body }),
    onSuccess: (saved: MyAppearance) => queryClient.setQueryData(queryKeys.myAppearance, saved),
  });
};
