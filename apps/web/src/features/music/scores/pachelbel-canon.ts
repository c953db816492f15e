import { repeat, type Score } from './notation';

/** The ground: two bars of quarter notes that repeat under everything. */
const GROUND = 'D3*1 A2 B2 F#2 | G2 D2 G2 A2';
/** Four variations over the ground, two bars each. */
const VIOLIN = [
  'F#5*1 E5 D5 C#5 | B4 A4 B4 C#5',
  'D5*1 C#5 B4 A4 | G4 F#4 G4 E4',
  'D4*0.5 F#4 A4 G4 F#4 D4 F#4 E4 | D4 B3 D4 A4 G4 B4 A4 G4',
  'D5*0.25 C#5 D5 D4 C#4 A4 E4 F#4 D4 D5 C#5 B4 C#5 F#5 A5 B5 |' +
    ' G5 F#5 E5 G5 F#5 E5 D5 C#5 B4 A4 G4 F#4 E4 G4 F#4 E4',
].join(' | ');

/**
 * Pachelbel, Canon in D (c. 1680): the ground alone, then three violins
 * playing the same four variations a ground apart, as a canon; all end on D.
 */
export const pachelbelCanon: Score = {
  bpm: 56,
  parts: [
    { instrument: 'bass', notes: `${repeat(GROUND, 7)} | D2*4`, gain: 0.9 },
    { instrument: 'strings', notes: `r*8 ${VIOLIN} | r*16 | D5*4`, gain: 0.7 },
    { instrument: 'strings', notes: `r*16 ${VIOLIN} | r*8 | A4*4`, gain: 0.55 },
    { instrument: 'strings', notes: `r*24 ${VIOLIN} | F#4*4`, gain: 0.45 },
  ],
};
