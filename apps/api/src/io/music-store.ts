import { MediaStore } from './media-store';

/** Where uploaded music files are served from (see music.routes.ts). */
export const MUSIC_URL_PREFIX = '/media/music/';

/**
 * Names the server gives stored music files. They contain a dot, which no
 * built-in track key does, so a playlist key says which kind it is.
 */
const STORED_NAME = /^[a-z0-9][a-z0-9-]{0,63}\.(mp3|ogg|opus|wav|flac)$/;

/** The public address of a stored music file. */
export const musicFileUrl = (name: string): string => `${MUSIC_URL_PREFIX}${name}`;

/** The folder of uploaded music (DATA_DIR/media/music). */
export class MusicStore extends MediaStore {
  constructor(dir: string) {
    super(dir, STORED_NAME, 'track');
  }
}
