import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MusicUploadListSchema, MusicUploadSchema } from '@meridian/contracts';
import { apiRequest, apiSend } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/api-files';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/admin/music/uploads: the uploaded music files. */
export const useMusicUploads = () =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.musicUploads,
      queryFn: ({ signal }) =>
        apiRequest('/admin/music/uploads', MusicUploadListSchema, { signal }),
    }),
  );

/** After an upload or a delete: the files, the track names, the saved playlist and the player. */
const useRefreshMusic = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.musicUploads }),
      queryClient.invalidateQueries({ queryKey: queryKeys.musicTracks }),
      queryClient.invalidateQueries({ queryKey: queryKeys.musicSettings }),
      queryClient.invalidateQueries({ queryKey: queryKeys.appearanceSettings }),
    ]);
};

/** POST /api/v1/admin/music/upload (multipart field `file`). */
export const useUploadMusic = () => {
  const refresh = useRefreshMusic();
  return useMutation({
    mutationFn: (file: File) => uploadFile('/admin/music/upload', file, MusicUploadSchema),
    onSuccess: refresh,
  });
};

/** DELETE /api/v1/admin/music/uploads/{key}; the server also takes it out of the playlist. */
export const useDeleteMusic = () => {
  const refresh = useRefreshMusic();
  return useMutation({
    mutationFn: (key: string) =>
      apiSend(`/admin/music/uploads/${encodeURIComponent(key)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
};
