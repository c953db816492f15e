import { transpose, type Score } from './notation';

const A = 'F#4*1 F#4 G4 A4 | A4 G4 F#4 E4 | D4 D4 E4 F#4';
const MELODY =
  `${A} | F#4*1.5 E4*0.5 E4*2 | ${A} | E4*1.5 D4*0.5 D4*2 |` +
  ' E4*1 E4 F#4 D4 | E4 F#4*0.5 G4 F#4*1 D4 | E4 F#4*0.5 G4 F#4*1 E4 | D4 E4 A3*2 |' +
  ` ${A} | E4*1.5 D4*0.5 D4*2`;
const BASS =
  'D3*2 A2 | D3 A2 | B2 F#2 | D3 A2 | D3 A2 | D3 A2 | B2 F#2 | A2 D3 |' +
  ' A2 D3 | A2 D3 | A2 F#2 | G2 A2 | D3 A2 | D3 A2 | B2 F#2 | A2 D3';

/** Beethoven, Symphony No. 9, finale (1824): the Ode to Joy theme, its middle phrase and return. */
export const beethovenOdeToJoy: Score = {
  bpm: 112,
  parts: [
    { instrument: 'strings', notes: MELODY, gain: 0.8 },
    { instrument: 'bass', notes: BASS, gain: 0.7 },
    { instrument: 'strings', notes: transpose(MELODY, 1), gain: 0.3 },
  ],
};
