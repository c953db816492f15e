import type { PlayerTrack } from './playlist';
import { ScorePlayer } from './synth/score-player';

/** What the controls show. */
export interface PlayerState {
  tracks: readonly PlayerTrack[];
  index: number;
  playing: boolean;
  /** The synthesiser's AudioContext state, or 'none' before the first play. */
  audioState: AudioContextState | 'none';
  /** Why the current track is not playing, when it failed. */
  problem: string | null;
}

const sameTracks = (a: readonly PlayerTrack[], b: readonly PlayerTrack[]) =>
  a.length === b.length &&
  a.every((track, i) => track.key === b[i]?.key && track.source?.kind === b[i]?.source?.kind);

/**
 * The top bar's player: steps through the playlist and plays each track,
 * a built-in score on an AudioContext or a file or station in an <audio>
 * element, and moves on when a track ends. The AudioContext is created on
 * the first play, inside the click, as browsers require.
 */
export class MusicPlayer {
  private state: PlayerState = {
    tracks: [],
    index: 0,
    playing: false,
    audioState: 'none',
    problem: null,
  };
  private readonly listeners = new Set<() => void>();
  private context: AudioContext | null = null;
  private score: ScorePlayer | null = null;
  /** The index whose sound is loaded (playing or paused), or null. */
  private loaded: number | null = null;
  private readonly audio: HTMLAudioElement;

  constructor() {
    this.audio = new Audio();
    this.audio.preload = 'none';
    this.audio.addEventListener('ended', () => this.step(1));
    this.audio.addEventListener('error', () => {
      if (this.audio.getAttribute('src') === null) return;
      const track = this.current();
      this.unload();
      this.update({ playing: false, problem: `Could not play ${track?.name ?? 'this track'}` });
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): PlayerState => this.state;

  /** A new playlist from the settings; the current track keeps playing if it is still the same. */
  setTracks(tracks: readonly PlayerTrack[]): void {
    if (sameTracks(tracks, this.state.tracks)) {
      this.update({ tracks });
      return;
    }
    const key = this.current()?.key;
    const kept = tracks.findIndex((track) => track.key === key);
    this.unload();
    this.update({ tracks, index: Math.max(kept, 0), problem: null });
    if (this.state.playing) this.load();
  }

  toggle(): void {
    if (this.state.playing) this.pause();
    else this.play();
  }

  next(): void {
    this.step(1);
  }

  previous(): void {
    this.step(-1);
  }

  /** Stops everything and closes the AudioContext (the controls unmounted). */
  dispose(): void {
    this.unload();
    void this.context?.close();
    this.context = null;
    this.listeners.clear();
  }

  private current(): PlayerTrack | undefined {
    return this.state.tracks[this.state.index];
  }

  private play(): void {
    const track = this.current();
    if (!track?.source) return;
    if (track.source.kind === 'score') this.ensureContext();
    this.update({ playing: true, problem: null });
    if (this.loaded === this.state.index) this.resume();
    else this.load();
  }

  private pause(): void {
    this.update({ playing: false });
    if (this.current()?.source?.kind === 'score') void this.context?.suspend();
    else this.audio.pause();
  }

  private step(delta: number): void {
    const count = this.state.tracks.length;
    if (count === 0) return;
    this.unload();
    this.update({ index: (this.state.index + delta + count) % count, problem: null });
    if (this.state.playing) this.load();
  }

  private resume(): void {
    if (this.current()?.source?.kind === 'score') void this.context?.resume();
    else this.playAudio();
  }

  /** Starts the current track from its beginning. */
  private load(): void {
    const track = this.current();
    if (!track?.source) {
      this.update({ playing: false, problem: `${track?.name ?? 'This track'} has no audio` });
      return;
    }
    this.loaded = this.state.index;
    if (track.source.kind === 'score') {
      const context = this.ensureContext();
      void context.resume();
      this.score = new ScorePlayer(context, track.source.score, () => {
        this.score = null;
        this.step(1);
      });
    } else {
      // The synthesiser idles while a file or station plays.
      void this.context?.suspend();
      this.audio.src = track.source.url;
      this.playAudio();
    }
  }

  private playAudio(): void {
    this.audio.play().catch((error: unknown) => {
      // A newer load or a pause interrupted this play: not a failure of the track.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      this.update({
        playing: false,
        problem: `Could not play ${this.current()?.name ?? 'this track'}`,
      });
    });
  }

  private unload(): void {
    this.score?.stop();
    this.score = null;
    if (this.audio.getAttribute('src') !== null) {
      this.audio.pause();
      this.audio.removeAttribute('src');
      this.audio.load();
    }
    this.loaded = null;
  }

  private ensureContext(): AudioContext {
    if (this.context === null) {
      const context = new AudioContext();
      context.addEventListener('statechange', () => this.update({ audioState: context.state }));
      this.context = context;
      this.update({ audioState: context.state });
    }
    return this.context;
  }

  private update(change: Partial<PlayerState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}
