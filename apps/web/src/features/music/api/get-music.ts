import { queryOptions, useQuery } from '@tanstack/react-query';
import { MusicSettingsReadSchema, MusicTracksSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/music/settings: mode, track keys, the playable urls, and the radio url/name. */
export const getMusicSettings = (signal?: AbortSignal) =>
  apiRequest('/music/settings', MusicSettingsReadSchema, { signal });

/** GET /api/v1/music/tracks: track key -> track name. */
export const getMusicTracks = (signal?: AbortSignal) =>
  apiRequest('/music/tracks', MusicTracksSchema, { signal });

export const useMusicSettings = () =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.musicSettings,
      queryFn: ({ signal }) => getMusicSettings(signal),
    }),
  );

export const useMusicTracks = () =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.musicTracks,
      queryFn: ({ signal }) => getMusicTracks(signal),
      staleTime: Infinity,
    }),
  );
