/**
 * Built-in playlist: public-domain classical compositions, by key. The names are
 * a catalogue only: no audio ships with the app. An operator who places
 * royalty-free recordings at DATA_DIR/media/music/<key>.mp3 makes them playable.
 */
export const MUSIC_TRACKS: Readonly<Record<string, string>> = {
  bach_air: 'Bach: Air on the G String',
  bach_goldberg_aria: 'Bach: Goldberg Variations, Aria',
  beethoven_moonlight: 'Beethoven: Moonlight Sonata, 1st movement',
  chopin_nocturne_op9_2: 'Chopin: Nocturne in E-flat, Op. 9 No. 2',
  debussy_clair_de_lune: 'Debussy: Clair de lune',
  satie_gymnopedie_1: 'Satie: Gymnopédie No. 1',
  pachelbel_canon: 'Pachelbel: Canon in D',
  mozart_eine_kleine: 'Mozart: Eine kleine Nachtmusik, Romanze',
  vivaldi_spring: 'Vivaldi: The Four Seasons, Spring',
  schubert_ave_maria: 'Schubert: Ave Maria',
};

/** The catalogue's keys in playlist order. */
export const MUSIC_TRACK_KEYS: readonly string[] = Object.keys(MUSIC_TRACKS);

/** Whether a key names a catalogue track (also what makes it safe as a file name). */
export const isMusicTrackKey = (key: string): boolean => Object.hasOwn(MUSIC_TRACKS, key);

/** The public path a track is served from when its file is present. */
export const musicTrackPath = (key: string): string => `/media/music/${key}.mp3`;
