import type { Instrument } from '../scores/notation';

/** Frequency in Hz of a MIDI pitch (A4 = 69 = 440 Hz, equal temperament). */
export const frequencyOf = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);

/** One note to sound: its pitch, start and length in the context's seconds, its loudness. */
export interface Voicing {
  midi: number;
  start: number;
  seconds: number;
  gain: number;
}

/** How long a note rings past its written end (release), by instrument. */
const RELEASE: Readonly<Record<Instrument, number>> = {
  piano: 0.9,
  harpsichord: 0.4,
  strings: 0.35,
  bass: 0.3,
  flute: 0.15,
};

/**
 * Sounds one note through `output`: an oscillator or two and a gain envelope
 * shaped for the instrument (struck and decaying for piano and harpsichord,
 * bowed with a slow attack for strings, breathy and steady for flute). Every
 * node is disconnected when the note ends.
 */
export function playNote(
  context: BaseAudioContext,
  output: AudioNode,
  instrument: Instrument,
  { midi, start, seconds, gain }: Voicing,
): void {
  const frequency = frequencyOf(midi);
  const end = start + seconds + RELEASE[instrument];
  const envelope = context.createGain();
  const level = envelope.gain;
  level.setValueAtTime(0, start);
  const oscillators: OscillatorNode[] = [];
  const add = (type: OscillatorType, ratio: number, amount: number, into: AudioNode) => {
    const oscillator = context.createOscillator();
    oscillator.type = type;
    oscillator.frequency.setValueAtTime(frequency * ratio, start);
    if (amount === 1) {
      oscillator.connect(into);
    } else {
      const mix = context.createGain();
      mix.gain.value = amount;
      oscillator.connect(mix).connect(into);
    }
    oscillators.push(oscillator);
  };

  if (instrument === 'piano' || instrument === 'harpsichord') {
    // Struck: an instant attack, then a decay that is longer for low notes.
    const decay = Math.min(seconds + RELEASE[instrument], instrument === 'piano' ? 2.5 : 1.2);
    level.linearRampToValueAtTime(gain, start + 0.005);
    level.setTargetAtTime(gain * 0.35, start + 0.01, decay / 4);
    level.setTargetAtTime(0, start + seconds, RELEASE[instrument] / 4);
    if (instrument === 'piano') {
      add('triangle', 1, 1, envelope);
      add('sine', 2, 0.25, envelope);
    } else {
      const filter = context.createBiquadFilter();
      filter.type = 'lowpass';
      filter.frequency.value = Math.min(frequency * 6, 9000);
      filter.connect(envelope);
      add('sawtooth', 1, 0.5, filter);
      add('square', 2, 0.15, filter);
    }
  } else {
    // Sustained: a soft attack, a steady level while the note lasts, then the release.
    const attack = instrument === 'strings' ? 0.08 : 0.03;
    level.linearRampToValueAtTime(gain, start + Math.min(attack, seconds / 2));
    level.setValueAtTime(gain, start + seconds);
    level.linearRampToValueAtTime(0, end);
    if (instrument === 'strings') {
      const filter = context.createBiquadFilter();
      filter.type = 'lowpass';
      filter.frequency.value = Math.min(frequency * 4, 6000);
      filter.connect(envelope);
      add('sawtooth', 1, 0.45, filter);
      add('sawtooth', 1.003, 0.35, filter);
    } else if (instrument === 'bass') {
      add('triangle', 1, 1, envelope);
      add('sine', 2, 0.2, envelope);
    } else {
      add('sine', 1, 1, envelope);
      add('triangle', 2, 0.08, envelope);
    }
  }
  envelope.connect(output);
  for (const oscillator of oscillators) {
    oscillator.start(start);
    oscillator.stop(end);
  }
  // The last oscillator to stop frees the note's nodes.
  oscillators[0]?.addEventListener('ended', () => envelope.disconnect());
}
