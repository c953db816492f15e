import { describe, expect, it } from 'vitest';
import { audioMimeOf, detectAudio } from '../src/io/audio-signature';

const filler = Buffer.alloc(300, 0x55);
const oggPage = (codecHeader: string) =>
  Buffer.concat([
    Buffer.from('OggS'),
    Buffer.alloc(24),
    Buffer.from([1, 19]),
    Buffer.from(codecHeader, 'latin1'),
    filler,
  ]);

describe('detectAudio', () => {
  it.each([
    [
      'an ID3v2 tag',
      Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), filler]),
      '.mp3',
    ],
    // MPEG-1 layer III, 128 kbit/s, 44.1 kHz.
    [
      'an MPEG-1 layer III frame',
      Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), filler]),
      '.mp3',
    ],
    // MPEG-2 layer III, 64 kbit/s, 22.05 kHz.
    [
      'an MPEG-2 layer III frame',
      Buffer.concat([Buffer.from([0xff, 0xf3, 0x80, 0xc4]), filler]),
      '.mp3',
    ],
    ['Ogg Opus', oggPage('OpusHead'), '.opus'],
    ['Ogg Vorbis', oggPage('\x01vorbis'), '.ogg'],
    [
      'a RIFF WAVE',
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), filler]),
      '.wav',
    ],
    ['FLAC', Buffer.concat([Buffer.from('fLaC'), filler]), '.flac'],
  ])('recognises %s', (_what, head, extension) => {
    expect(detectAudio(head)?.extension).toBe(extension);
  });

  it.each([
    ['AAC in ADTS (layer 0)', Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80]), filler])],
    [
      'an MPEG frame with the reserved bitrate',
      Buffer.concat([Buffer.from([0xff, 0xfb, 0xf0, 0x64]), filler]),
    ],
    [
      'an MPEG frame with the reserved sample rate',
      Buffer.concat([Buffer.from([0xff, 0xfb, 0x9c, 0x64]), filler]),
    ],
    ['MPEG layer II', Buffer.concat([Buffer.from([0xff, 0xfd, 0x90, 0x64]), filler])],
    ['an Ogg Theora video', oggPage('\x80theora')],
    [
      'an AVI (RIFF, not WAVE)',
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('AVI LIST'), filler]),
    ],
    [
      'a PNG',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), filler]),
    ],
    ['text', Buffer.from('ID3 is how this line starts but it is text')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_what, head) => {
    expect(detectAudio(head)).toBeNull();
  });

  it('serves each stored extension with its audio type', () => {
    expect(audioMimeOf('a.mp3')).toBe('audio/mpeg');
    expect(audioMimeOf('a.opus')).toBe('audio/ogg');
    expect(audioMimeOf('a.flac')).toBe('audio/flac');
    expect(audioMimeOf('a.txt')).toBeNull();
  });
});
