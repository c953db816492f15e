import { parseVoice, voiceBeats, type Instrument, type Score } from '../scores/notation';
import { playNote } from './instruments';

/** How far ahead notes are handed to the audio thread, and how often we look. */
const LOOKAHEAD_SECONDS = 2;
const TICK_MS = 250;
/** Overall loudness of a piece, below clipping when several voices sound. */
const PIECE_GAIN = 0.22;

interface TimedNote {
  start: number;
  seconds: number;
  midi: number;
  gain: number;
  instrument: Instrument;
}

/** Every note of a score with its offset in seconds from the piece's start, in time order. */
export function timeline(score: Score): { notes: TimedNote[]; seconds: number } {
  const secondsPerBeat = 60 / score.bpm;
  const notes = score.parts
    .flatMap((part) =>
      parseVoice(part.notes).map((note) => ({
        start: note.beat * secondsPerBeat,
        seconds: note.beats * secondsPerBeat,
        midi: note.midi,
        gain: part.gain ?? 1,
        instrument: part.instrument,
      })),
    )
    .sort((a, b) => a.start - b.start);
  const beats = Math.max(0, ...score.parts.map((part) => voiceBeats(part.notes)));
  return { notes, seconds: beats * secondsPerBeat };
}

/**
 * Plays one score on an AudioContext: notes are scheduled a little ahead of
 * the context's clock (a timer alone is too coarse to keep time), so pausing
 * the context pauses the piece where it is. `onEnded` runs once, after the
 * last note has rung out; `stop` silences at once and never calls it.
 */
export class ScorePlayer {
  private readonly output: GainNode;
  private readonly notes: TimedNote[];
  private readonly seconds: number;
  private readonly origin: number;
  private next = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly context: AudioContext,
    score: Score,
    private readonly onEnded: () => void,
  ) {
    ({ notes: this.notes, seconds: this.seconds } = timeline(score));
    this.output = context.createGain();
    this.output.gain.value = PIECE_GAIN;
    this.output.connect(context.destination);
    this.origin = context.currentTime + 0.1;
    this.tick();
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  /** Silences the piece now and frees its nodes. */
  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    const now = this.context.currentTime;
    this.output.gain.setTargetAtTime(0, now, 0.02);
    setTimeout(() => this.output.disconnect(), 200);
  }

  private tick(): void {
    const now = this.context.currentTime;
    const horizon = now + LOOKAHEAD_SECONDS;
    while (this.next < this.notes.length) {
      const note = this.notes[this.next];
      if (note === undefined || this.origin + note.start > horizon) break;
      playNote(this.context, this.output, note.instrument, {
        midi: note.midi,
        start: Math.max(this.origin + note.start, now),
        seconds: note.seconds,
        gain: note.gain,
      });
      this.next += 1;
    }
    if (now > this.origin + this.seconds + 1) {
      this.stop();
      this.onEnded();
    }
  }
}
