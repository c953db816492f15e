import { repeat, type Score } from './notation';

/**
 * Satie, Gymnopédie No. 1 (1888), "lent et douloureux" in 3/4: the rocking
 * G major 7 / D major 7 accompaniment, then the two phrases of the melody.
 */
export const satieGymnopedie: Score = {
  bpm: 72,
  parts: [
    { instrument: 'piano', notes: repeat('G2*3 | D2*3', 12), gain: 0.8 },
    { instrument: 'piano', notes: repeat('r*1 B3+D4+F#4*2 | r*1 A3+C#4+F#4*2', 12), gain: 0.45 },
    {
      instrument: 'piano',
      notes:
        'r*12 | r*1 F#5 A5 | G5 F#5 C#5 | B4 C#5 D5 | A4*3 | F#4*12 |' +
        ' r*1 F#5 A5 | G5 F#5 C#5 | B4 C#5 D5 | A4*3 | C#5*3 | F#5*3 | E5*6 |' +
        ' E5*3 | D5*3 | C#5*3 | D5*3',
      gain: 0.9,
    },
  ],
};
