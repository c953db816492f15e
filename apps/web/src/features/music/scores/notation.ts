/** The instruments the synthesiser knows (see synth/instruments.ts). */
export type Instrument = 'piano' | 'strings' | 'bass' | 'flute' | 'harpsichord';

/** One voice of a score, in the compact notation `parseVoice` reads. */
export interface ScorePart {
  instrument: Instrument;
  notes: string;
  /** Loudness relative to the other parts (default 1). */
  gain?: number;
}

/** A piece as note data: a tempo in quarter notes a minute and its voices. */
export interface Score {
  bpm: number;
  parts: readonly ScorePart[];
}

/** One note to sound: when and how long in quarter-note beats, and its MIDI pitch. */
export interface NoteEvent {
  beat: number;
  beats: number;
  midi: number;
}

const STEPS: Readonly<Record<string, number>> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
const PITCH = /^([A-G])(#|b)?(-?\d)$/;

/** MIDI number of a pitch name such as C4 (60), F#5 or Bb3. */
export function midiOf(name: string): number {
  const match = PITCH.exec(name);
  if (!match) throw new Error(`not a pitch: '${name}'`);
  const [, letter = 'C', accidental, octave = '4'] = match;
  const shift = accidental === '#' ? 1 : accidental === 'b' ? -1 : 0;
  // eslint-disable-next-line meridian/string-key-injection -- PITCH matched letter to [A-G]
  return 12 * (Number(octave) + 1) + (STEPS[letter] ?? 0) + shift;
}

/** A duration in beats: a number (1.5) or a fraction (1/3, for triplets). */
function beatsOf(text: string): number {
  const [top, bottom] = text.split('/');
  const value = bottom === undefined ? Number(top) : Number(top) / Number(bottom);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`not a duration: '${text}'`);
  return value;
}

/**
 * Reads one voice: tokens separated by spaces or bar lines (`|`), each
 * `PITCHES*BEATS`: one pitch (E5), a chord (C4+E4+G4) or a rest (r), then its
 * length in quarter-note beats (2, 0.5, 1/3). A token without `*BEATS` keeps
 * the previous token's length, so runs of equal notes stay short to write.
 */
export function parseVoice(notes: string): NoteEvent[] {
  const events: NoteEvent[] = [];
  let beat = 0;
  let length = 1;
  for (const token of notes.split(/[\s|]+/).filter((t) => t !== '')) {
    const [pitches = '', duration] = token.split('*');
    if (duration !== undefined) length = beatsOf(duration);
    if (pitches !== 'r') {
      for (const name of pitches.split('+'))
        events.push({ beat, beats: length, midi: midiOf(name) });
    }
    beat += length;
  }
  return events;
}

/** Length of a voice in beats (rests included). */
export function voiceBeats(notes: string): number {
  let beats = 0;
  let length = 1;
  for (const token of notes.split(/[\s|]+/).filter((t) => t !== '')) {
    const duration = token.split('*')[1];
    if (duration !== undefined) length = beatsOf(duration);
    beats += length;
  }
  return beats;
}

/** A passage written `times` times in a row. */
export const repeat = (passage: string, times: number): string =>
  Array.from({ length: times }, () => passage).join(' ');

/** A passage moved by whole octaves (every pitch name's octave number shifted). */
export const transpose = (passage: string, octaves: number): string =>
  passage.replace(
    /([A-G][#b]?)(-?\d)/g,
    (_match, pitch: string, octave: string) => `${pitch}${Number(octave) + octaves}`,
  );
