import { transpose, type Score } from './notation';

/** The opening call: the whole orchestra in octaves, G major then D seventh. */
const CALL =
  'G4*1 r*0.5 D4*0.5 G4*1 r*0.5 D4*0.5 | G4*0.5 D4 G4 B4 D5*2 |' +
  ' C5*1 r*0.5 A4*0.5 C5*1 r*0.5 A4*0.5 | C5*0.5 A4 F#4 A4 D4*2';

/** A G major scale up to the top G, then the cadence. */
const RUN = 'D4*0.25 E4 F#4 G4 A4 B4 C5 D5 E5 F#5 G5*1.5 | D5*1 B4 G4 r*1 | G4*2 r*2';

/**
 * Mozart, Eine kleine Nachtmusik K. 525, first movement (1787): the opening
 * call twice, in octaves as the strings play it, then a run up to the cadence.
 */
export const mozartEineKleine: Score = {
  bpm: 120,
  parts: [
    { instrument: 'strings', notes: `${CALL} | ${CALL} | ${RUN}`, gain: 0.7 },
    { instrument: 'strings', notes: transpose(`${CALL} | ${CALL} | ${RUN}`, -1), gain: 0.5 },
    {
      instrument: 'bass',
      notes: `${transpose(CALL, -2)} | ${transpose(CALL, -2)} | G2*4 | G2*1 D2 G2 r | G2*2 r*2`,
      gain: 0.7,
    },
  ],
};
