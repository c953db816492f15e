import type { Score } from './notation';

/** One chord of five notes a bar, lowest first (the prelude is these chords, broken). */
const CHORDS = [
  'C4 E4 G4 C5 E5',
  'C4 D4 A4 D5 F5',
  'B3 D4 G4 D5 F5',
  'C4 E4 G4 C5 E5',
  'C4 E4 A4 E5 A5',
  'C4 D4 F#4 A4 D5',
  'B3 D4 G4 D5 G5',
  'B3 C4 E4 G4 C5',
  'A3 C4 E4 G4 C5',
  'D3 A3 D4 F#4 C5',
  'G3 B3 D4 G4 B4',
  'G3 Bb3 E4 G4 C#5',
  'F3 A3 D4 A4 D5',
  'F3 Ab3 D4 F4 B4',
  'E3 G3 C4 G4 C5',
  'E3 F3 A3 C4 F4',
  'D3 F3 A3 C4 F4',
  'G2 D3 G3 B3 F4',
  'C3 E3 G3 C4 E4',
  'C3 G3 Bb3 C4 E4',
  'F2 F3 A3 C4 E4',
  'F#2 C3 A3 C4 Eb4',
  'Ab2 F3 B3 C4 D4',
  'G2 F3 G3 B3 D4',
  'G2 E3 G3 C4 E4',
  'G2 D3 G3 C4 F4',
  'G2 D3 G3 B3 F4',
  'G2 Eb3 A3 C4 F#4',
  'G2 E3 G3 C4 G4',
  'G2 D3 G3 C4 F4',
  'G2 D3 G3 B3 F4',
  'C2 C3 G3 Bb3 E4',
];

/** A bar: the five notes broken upward, the top three again, all twice, in sixteenths. */
const broken = (chord: string): string => {
  const [a, b, c, d, e] = chord.split(' ');
  const half = `${a}*0.25 ${b} ${c} ${d} ${e} ${c} ${d} ${e}`;
  return `${half} ${half}`;
};

/**
 * Bach, Prelude in C major from The Well-Tempered Clavier I (1722): the
 * first 32 bars as broken chords on a harpsichord, then the closing C chord.
 */
export const bachPreludeC: Score = {
  bpm: 66,
  parts: [
    {
      instrument: 'harpsichord',
      notes: `${CHORDS.map(broken).join(' | ')} | C2+C3+E4+G4+C5*4`,
    },
  ],
};
