import type { Score } from './notation';

const THEME =
  'G#5*0.5 G#5 G#5 F#5*0.25 E5 B5*1.5 B5*0.25 A5 | G#5*0.5 G#5 G#5 F#5*0.25 E5 B5*1.5 B5*0.25 A5 |' +
  ' G#5*0.5 A5*0.25 B5 A5*0.5 G#5 F#5*1 r*0.5 E5*0.5';
const THEME_CHORDS =
  'E3+G#3+B3*1 E3+G#3+B3 E3+G#3+B3 E3+G#3+B3 | E3+G#3+B3 E3+G#3+B3 E3+G#3+B3 E3+G#3+B3 |' +
  ' E3+G#3+B3 A3+C#4+E4 B3+D#4+F#4 E3+G#3+B3';
/** The birds: trills high over a held E major chord. */
const BIRDS =
  'B5*0.25 C#6 B5 C#6 B5 C#6 B5 C#6 B5 C#6 B5 C#6 B5*1 | G#5*0.25 A5 G#5 A5 G#5 A5 G#5 A5 G#5*1.5 E5*0.5';

/** Vivaldi, The Four Seasons, Spring, first movement (1725): the ritornello, its echo, the birds, the close. */
export const vivaldiSpring: Score = {
  bpm: 100,
  parts: [
    {
      instrument: 'strings',
      notes: `E5*0.5 | ${THEME} | ${THEME} | ${BIRDS} | ${THEME.replace(/ r\*0\.5 E5\*0\.5$/, ' E5*1')} | E5*2`,
      gain: 0.75,
    },
    {
      instrument: 'strings',
      notes: `r*0.5 | ${THEME_CHORDS} | ${THEME_CHORDS} | E3+G#3+B3*4 | E3+G#3+B3*4 | ${THEME_CHORDS} | E3+G#3+B3*2`,
      gain: 0.35,
    },
    {
      instrument: 'bass',
      notes:
        'r*0.5 | E2*1 E2 E2 E2 | E2 E2 E2 E2 | E2 A2 B2 E2 | E2 E2 E2 E2 | E2 E2 E2 E2 | E2 A2 B2 E2 | E2*4 | E2*4 | E2*1 E2 E2 E2 | E2 E2 E2 E2 | E2 A2 B2 E2 | E2*2',
      gain: 0.8,
    },
  ],
};
