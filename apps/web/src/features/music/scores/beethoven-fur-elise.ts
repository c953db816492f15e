import type { Score } from './notation';

/** The theme's right hand, bars 1 to 7 (the bar 8 differs by ending). */
const THEME_RIGHT =
  'E5*0.25 D#5 E5 B4 D5 C5 | A4*0.5 r*0.25 C4 E4 A4 | B4*0.5 r*0.25 E4 G#4 B4 |' +
  ' C5*0.5 r*0.25 E4 E5 D#5 | E5*0.25 D#5 E5 B4 D5 C5 | A4*0.5 r*0.25 C4 E4 A4 |' +
  ' B4*0.5 r*0.25 E4 C5 B4';
const THEME_LEFT =
  'r*1.5 | A2*0.25 E3 A3 r*0.75 | E2*0.25 E3 G#3 r*0.75 | A2*0.25 E3 A3 r*0.75 |' +
  ' r*1.5 | A2*0.25 E3 A3 r*0.75 | E2*0.25 E3 G#3 r*0.75';

/** The episode in C, G and A minor, leading back to the theme. */
const EPISODE_RIGHT =
  'E5*0.75 G4*0.25 F5 E5 | D5*0.75 F4*0.25 E5 D5 | C5*0.75 E4*0.25 D5 C5 | B4*0.5 r*0.25 E4 E5 D#5';
const EPISODE_LEFT =
  'C3*0.25 G3 C4 r*0.75 | G2*0.25 G3 B3 r*0.75 | A2*0.25 E3 A3 r*0.75 | E2*0.25 E3 E4 r*0.75';

/** Beethoven, Bagatelle in A minor "Für Elise" (1810): the theme, its episode, the theme again. */
export const beethovenFurElise: Score = {
  bpm: 66,
  parts: [
    {
      instrument: 'piano',
      notes:
        `E5*0.25 D#5 | ${THEME_RIGHT} | A4*0.5 r*0.25 B4 C5 D5 | ${EPISODE_RIGHT} |` +
        ` ${THEME_RIGHT} | A4*1.5`,
    },
    {
      instrument: 'piano',
      notes:
        `r*0.5 | ${THEME_LEFT} | A2*0.25 E3 A3 r*0.75 | ${EPISODE_LEFT} |` +
        ` ${THEME_LEFT} | A2*0.25 E3 A3*1`,
      gain: 0.8,
    },
  ],
};
