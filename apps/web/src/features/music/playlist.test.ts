import { describe, expect, it } from 'vitest';
import { buildPlaylist } from './playlist';
import type { Score } from './scores/notation';

describe('buildPlaylist', () => {
  const names = { a: 'Track A', 'b-0a1b2c3d.mp3': 'Track B', c: 'Track C' };
  const score: Score = { bpm: 60, parts: [{ instrument: 'piano', notes: 'C4*1' }] };
  const base = { station: null, url: null, name: null };

  it('lists the playlist keys in order: scores, uploaded files, and keys with neither', () => {
    const tracks = buildPlaylist(
      {
        ...base,
        mode: 'playlist',
        keys: ['b-0a1b2c3d.mp3', 'a', 'c'],
        urls: { 'b-0a1b2c3d.mp3': '/media/music/b-0a1b2c3d.mp3' },
      },
      names,
      { a: score },
    );
    expect(tracks).toEqual([
      {
        key: 'b-0a1b2c3d.mp3',
        name: 'Track B',
        source: { kind: 'file', url: '/media/music/b-0a1b2c3d.mp3' },
      },
      { key: 'a', name: 'Track A', source: { kind: 'score', score } },
      { key: 'c', name: 'Track C', source: null },
    ]);
  });

  it('plays the one station in radio mode, and says when none is set', () => {
    const station = { url: 'https://radio.example/stream', name: 'Classic' };
    expect(
      buildPlaylist(
        { mode: 'radio', keys: ['a'], urls: {}, station, url: station.url, name: station.name },
        names,
        { a: score },
      ),
    ).toEqual([{ key: 'radio', name: 'Classic', source: { kind: 'stream', url: station.url } }]);
    expect(buildPlaylist({ ...base, mode: 'radio', keys: [], urls: {} }, names, {})).toEqual([
      { key: 'radio', name: 'No station set', source: null },
    ]);
  });
});
