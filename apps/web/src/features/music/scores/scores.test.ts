import { describe, expect, it } from 'vitest';
import { MUSIC_TRACK_KEYS } from '@meridian/domain';
import { SCORES } from './index';
import { midiOf, parseVoice, transpose, voiceBeats } from './notation';

describe('notation', () => {
  it('reads pitches, chords, rests and carried lengths', () => {
    expect(midiOf('C4')).toBe(60);
    expect(midiOf('F#5')).toBe(78);
    expect(midiOf('Bb3')).toBe(58);
    expect(parseVoice('C4*1 r*0.5 E4+G4 | A4*1/3')).toEqual([
      { beat: 0, beats: 1, midi: 60 },
      { beat: 1.5, beats: 0.5, midi: 64 },
      { beat: 1.5, beats: 0.5, midi: 67 },
      { beat: 2, beats: 1 / 3, midi: 69 },
    ]);
    expect(voiceBeats('C4*1 r*0.5 E4+G4 | A4*1/3')).toBeCloseTo(2 + 1 / 3);
    expect(transpose('C#4*1 r*2 Bb2', -1)).toBe('C#3*1 r*2 Bb1');
  });

  it('refuses what is not a pitch or a length', () => {
    expect(() => parseVoice('H4*1')).toThrow("not a pitch: 'H4'");
    expect(() => parseVoice('C4*0')).toThrow("not a duration: '0'");
  });
});

describe('built-in scores', () => {
  it('has a score for every catalogue track, and no other', () => {
    expect(Object.keys(SCORES).sort()).toEqual([...MUSIC_TRACK_KEYS].sort());
  });

  it.each(Object.entries(SCORES))(
    '%s: every part parses and all parts end together',
    (_key, score) => {
      const lengths = score.parts.map((part) => voiceBeats(part.notes));
      for (const part of score.parts) expect(parseVoice(part.notes).length).toBeGreaterThan(0);
      for (const length of lengths) expect(length).toBeCloseTo(lengths[0] ?? 0, 6);
      // Between about 20 seconds and 3 minutes each.
      const seconds = ((lengths[0] ?? 0) * 60) / score.bpm;
      expect(seconds).toBeGreaterThan(20);
      expect(seconds).toBeLessThan(180);
    },
  );
});
