import { repeat, type Score } from './notation';

/** Triplet eighths: a beat of three notes, `times` beats. */
const triplets = (notes: string, times: number): string => {
  const [a, b, c] = notes.split(' ');
  return repeat(`${a}*1/3 ${b} ${c}`, times);
};

const RIGHT = [
  triplets('G#3 C#4 E4', 4),
  triplets('G#3 C#4 E4', 4),
  `${triplets('A3 C#4 E4', 2)} ${triplets('A3 D4 F#4', 2)}`,
  `${triplets('G#3 C4 F#4', 1)} ${triplets('G#3 C#4 E4', 1)} ${triplets('G#3 C#4 D#4', 1)} ${triplets('F#3 C4 D#4', 1)}`,
  triplets('G#3 C#4 E4', 4),
  `${triplets('G#3 C#4 E4', 2)} ${triplets('A3 C#4 F#4', 2)}`,
  `${triplets('G#3 C#4 E4', 2)} ${triplets('G#3 C4 F#4', 2)}`,
  triplets('G#3 C#4 E4', 4),
  triplets('G#3 C#4 E4', 4),
  triplets('G#3 C#4 E4', 4),
].join(' | ');

/**
 * Beethoven, Piano Sonata No. 14 "Moonlight", first movement (1801): the
 * opening bars, triplets over octave basses, with the dotted melody entering
 * in the fourth bar, ending on C-sharp minor.
 */
export const beethovenMoonlight: Score = {
  bpm: 52,
  parts: [
    { instrument: 'piano', notes: `${RIGHT} | G#3+C#4+E4*4`, gain: 0.55 },
    {
      instrument: 'piano',
      notes:
        'C#2+C#3*4 | B1+B2*4 | A1+A2*2 F#1+F#2*2 | G#1+G#2*4 | C#2+C#3*4 |' +
        ' C#2+C#3*2 A1+A2*2 | G#1+G#2*4 | C#2+C#3*4 | B1+B2*4 | C#2+C#3*4 | C#1+C#2*4',
      gain: 0.75,
    },
    {
      instrument: 'piano',
      notes:
        'r*12 | r*3 G#4*0.75 G#4*0.25 | G#4*3 G#4*0.75 G#4*0.25 | G#4*2 A4*2 |' +
        ' G#4*2 F#4*2 | E4*4 | r*4 | r*4 | r*4',
      gain: 1,
    },
  ],
};
