import { MediaStore } from './media-store';

/** Where the public copies are served from (see backgrounds.routes.ts). */
export const BACKGROUNDS_URL_PREFIX = '/media/backgrounds/';

/** Names the server gives stored videos; anything else is refused. */
const STORED_NAME = /^[a-z0-9][a-z0-9-]{0,63}\.(mp4|mov|webm|ogv)$/;

/** The public address of a stored video. */
export const videoUrl = (name: string): string => `${BACKGROUNDS_URL_PREFIX}${name}`;

/** The folder of background videos (DATA_DIR/media/backgrounds). */
export class BackgroundStore extends MediaStore {
  constructor(dir: string) {
    super(dir, STORED_NAME, 'video');
  }
}
