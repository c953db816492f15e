import { ALGORITHMS } from '@meridian/domain';

/** Label of a catalogue key ('Portfolio, Parallel Best'); an unknown key reads as itself. */
export const labelOf = (key: string): string => ALGORITHMS.find((a) => a.key === key)?.label ?? key;
