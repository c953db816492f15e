/** An audio format the browsers play in an <audio> element, recognised by its first bytes. */
export interface AudioKind {
  extension: '.mp3' | '.ogg' | '.opus' | '.wav' | '.flac';
  mime: string;
  /** How errors and lists name it. */
  label: string;
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/**
 * An MPEG audio layer III frame header: 11 sync bits, a defined version, layer
 * III, and a bitrate and sample rate that are not the reserved values. (AAC's
 * ADTS shares the sync bits but says layer 0, so it is not taken for MP3.)
 */
function isMp3Frame(head: Uint8Array, at: number): boolean {
  if (head.length < at + 4) return false;
  const [b0, b1, b2] = [head[at] ?? 0, head[at + 1] ?? 0, head[at + 2] ?? 0];
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return (
    b0 === 0xff &&
    (b1 & 0xe0) === 0xe0 &&
    version !== 0b01 &&
    layer === 0b01 &&
    bitrate !== 0b1111 &&
    bitrate !== 0 &&
    sampleRate !== 0b11
  );
}

/** An ID3v2 tag header: 'ID3', major version 2 to 4, and a size of four 7-bit (synchsafe) bytes. */
function isId3Tag(head: Uint8Array): boolean {
  if (head.length < 10 || ascii(head, 0, 3) !== 'ID3') return false;
  const version = head[3] ?? 0;
  const sizeBytes = head.subarray(6, 10);
  return version >= 2 && version <= 4 && head[4] !== 0xff && sizeBytes.every((b) => b < 0x80);
}

/**
 * Recognises audio by content, never by its name or the sender's content type
 * (OWASP ASVS 5.2.2: uploads are checked by magic bytes). Reads the first few KB:
 * MP3 starts with an ID3v2 tag or a layer III frame header; Ogg starts with
 * 'OggS' and its first page names the codec (Opus or Vorbis, the audio ones
 * the browsers play; an Ogg video is refused); WAV is RIFF with the WAVE form;
 * FLAC starts with 'fLaC'. Returns null for anything else.
 */
export function detectAudio(head: Uint8Array): AudioKind | null {
  if (isId3Tag(head)) {
    return { extension: '.mp3', mime: 'audio/mpeg', label: 'MP3' };
  }
  if (isMp3Frame(head, 0)) return { extension: '.mp3', mime: 'audio/mpeg', label: 'MP3' };
  if (head.length >= 36 && ascii(head, 0, 4) === 'OggS') {
    // The first page holds the codec's identification header right after the segment table.
    const firstPage = Buffer.from(head.subarray(0, 200));
    if (firstPage.includes('OpusHead')) {
      return { extension: '.opus', mime: 'audio/ogg', label: 'Ogg Opus' };
    }
    if (firstPage.includes('\x01vorbis', 0, 'latin1')) {
      return { extension: '.ogg', mime: 'audio/ogg', label: 'Ogg Vorbis' };
    }
    return null;
  }
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') {
    return { extension: '.wav', mime: 'audio/wav', label: 'WAV' };
  }
  if (head.length >= 4 && ascii(head, 0, 4) === 'fLaC') {
    return { extension: '.flac', mime: 'audio/flac', label: 'FLAC' };
  }
  return null;
}

/** The MIME type to serve a stored music file with, from the extension the server chose. */
export function audioMimeOf(fileName: string): string | null {
  if (fileName.endsWith('.mp3')) return 'audio/mpeg';
  if (fileName.endsWith('.ogg') || fileName.endsWith('.opus')) return 'audio/ogg';
  if (fileName.endsWith('.wav')) return 'audio/wav';
  if (fileName.endsWith('.flac')) return 'audio/flac';
  return null;
}
