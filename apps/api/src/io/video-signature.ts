/** A container the browsers play in a <video> element, recognised by its first bytes. */
export interface VideoKind {
  extension: '.mp4' | '.mov' | '.webm' | '.ogv';
  mime: string;
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/**
 * Recognises a video by content, never by its name or the sender's content type
 * (OWASP ASVS 5.2.2: uploads are checked by magic bytes). Reads the first few KB:
 * ISO base media (MP4, QuickTime) has 'ftyp' at offset 4; WebM is EBML whose
 * DocType says 'webm' (other Matroska files do not play everywhere); Ogg
 * starts with 'OggS'. Returns null for anything else.
 */
export function detectVideo(head: Uint8Array): VideoKind | null {
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    return brand === 'qt  '
      ? { extension: '.mov', mime: 'video/quicktime' }
      : { extension: '.mp4', mime: 'video/mp4' };
  }
  const isEbml = head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3;
  if (isEbml && Buffer.from(head).includes('webm')) {
    return { extension: '.webm', mime: 'video/webm' };
  }
  if (head.length >= 4 && ascii(head, 0, 4) === 'OggS') {
    return { extension: '.ogv', mime: 'video/ogg' };
  }
  return null;
}

/** The MIME type to serve a stored video with, from the extension the server chose. */
export function videoMimeOf(fileName: string): string | null {
  if (fileName.endsWith('.mp4')) return 'video/mp4';
  if (fileName.endsWith('.mov')) return 'video/quicktime';
  if (fileName.endsWith('.webm')) return 'video/webm';
  if (fileName.endsWith('.ogv')) return 'video/ogg';
  return null;
}
