import type { Score } from './notation';

/** The tune in 6/8, counted here in quarter-note beats (a dotted quarter is 1.5). */
const VERSE =
  'A4*1 | C5*2 D5*1 | E5*1.5 F5*0.5 E5*1 | D5*2 B4*1 | G4*1.5 A4*0.5 B4*1 |' +
  ' C5*2 A4*1 | A4*1.5 G#4*0.5 A4*1 | B4*2 G#4*1 | E4*2 A4*1 |' +
  ' C5*2 D5*1 | E5*1.5 F5*0.5 E5*1 | D5*2 B4*1 | G4*1.5 A4*0.5 B4*1 |' +
  ' C5*1.5 B4*0.5 A4*1 | G#4*1.5 F#4*0.5 G#4*1 | A4*5';
const REFRAIN =
  'G5*1 | G5*3 | G5*1.5 F#5*0.5 E5*1 | D5*2 B4*1 | G4*1.5 A4*0.5 B4*1 |' +
  ' C5*2 A4*1 | A4*1.5 G#4*0.5 A4*1 | B4*2 G#4*1 | E4*3 |' +
  ' G5*3 | G5*1.5 F#5*0.5 E5*1 | D5*2 B4*1 | G4*1.5 A4*0.5 B4*1 |' +
  ' C5*1.5 B4*0.5 A4*1 | G#4*1.5 F#4*0.5 G#4*1 | A4*5';
/** One bass note a bar (a dotted half), the pickup bars rested. */
const VERSE_BASS =
  'r*1 | A2*3 | C3 | G2 | E2 | A2 | E2 | E2 | A2 | A2 | C3 | G2 | E2 | A2 | E2 | A2 | A2*2';
const REFRAIN_BASS =
  'r*1 | C3*3 | C3 | G2 | E2 | A2 | E2 | E2 | E2 | C3 | C3 | G2 | E2 | A2 | E2 | A2 | A2*2';

/** Greensleeves, an English folk tune (16th century): the verse and refrain on flute over a plucked bass. */
export const greensleeves: Score = {
  bpm: 132,
  parts: [
    { instrument: 'flute', notes: `${VERSE} | ${REFRAIN}`, gain: 0.8 },
    { instrument: 'harpsichord', notes: `${VERSE_BASS} | ${REFRAIN_BASS}`, gain: 0.6 },
  ],
};
