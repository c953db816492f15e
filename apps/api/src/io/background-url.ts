/** Where the public copies are served from (see backgrounds.routes.ts). */
export const BACKGROUNDS_URL_PREFIX = '/media/backgrounds/';

/** The public address of a stored video. */
export const videoUrl = (name: string): string => `${BACKGROUNDS_URL_PREFIX}${name}`;
