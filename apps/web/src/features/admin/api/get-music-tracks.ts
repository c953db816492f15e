import { queryOptions, useQuery } from '@tanstack/react-query';
import { MusicTracksSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/music/tracks: track key -> track name. */
export const getMusicTracks = (signal?: AbortSignal) =>
  apiRequest('/music/tracks', MusicTracksSchema, { signal });

export const musicTracksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.musicTracks,
    queryFn: ({ signal }) => getMusicTracks(signal),
    staleTime: Infinity,
  });

export const useMusicTracks = () => useQuery(musicTracksQueryOptions());
