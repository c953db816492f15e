import { describe, expect, it } from 'vitest';
import { buildPlaylist } from './playlist';

describe('buildPlaylist', () => {
  const names = { a: 'Track A', b: 'Track B' };
  it('lists the playlist keys in order, with urls only where a file exists', () => {
    const tracks = buildPlaylist(
      {
        mode: 'playlist',
        keys: ['b', 'a'],
        urls: { a: '/media/music/a.mp3' },
        url: null,
        name: null,
      },
      names,
    );
    expect(tracks).toEqual([
      { key: 'b', name: 'Track B', url: null },
      { key: 'a', name: 'Track A', url: '/media/music/a.mp3' },
    ]);
  });
  it('plays the one station in radio mode', () => {
    const tracks = buildPlaylist(
      { mode: 'radio', keys: [], urls: {}, url: 'https://radio.example/stream', name: 'Classic' },
      names,
    );
    expect(tracks).toEqual([
      { key: 'radio', name: 'Classic', url: 'https://radio.example/stream' },
    ]);
  });
});
