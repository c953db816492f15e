import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BackgroundUploadResultSchema, BackgroundVideoListSchema } from '@meridian/contracts';
import { apiRequest, apiSend } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/api-files';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/admin/backgrounds: the stored videos, the active one marked. */
export const backgroundsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.backgrounds,
    queryFn: ({ signal }) =>
      apiRequest('/admin/backgrounds', BackgroundVideoListSchema, { signal }),
  });

export const useBackgrounds = () => useQuery(backgroundsQueryOptions());

/** After an upload or a delete the list, the saved choice and the landing's video may change. */
const useRefreshBackgrounds = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.backgrounds }),
      queryClient.invalidateQueries({ queryKey: queryKeys.appearanceSettings }),
      queryClient.invalidateQueries({ queryKey: queryKeys.activeBackground }),
    ]);
};

/** POST /api/v1/admin/backgrounds/upload (multipart field `file`). */
export const useUploadBackground = () => {
  const refresh = useRefreshBackgrounds();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile('/admin/backgrounds/upload', file, BackgroundUploadResultSchema),
    onSuccess: refresh,
  });
};

/** DELETE /api/v1/admin/backgrounds/{name}; the server clears the choice if it was active. */
export const useDeleteBackground = () => {
  const refresh = useRefreshBackgrounds();
  return useMutation({
    mutationFn: (name: string) =>
      apiSend(`/admin/backgrounds/${encodeURIComponent(name)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
};
