/** Where uploaded music files are served from (see music.routes.ts). */
export const MUSIC_URL_PREFIX = '/media/music/';

/** The public address of a stored music file. */
export const musicFileUrl = (name: string): string => `${MUSIC_URL_PREFIX}${name}`;
