/**
 * The built-in playlist: compositions long in the public domain, by key. The
 * web app bundles a short arrangement of each as note data (written for this
 * project, see apps/web/src/features/music/scores) and synthesises it in the
 * browser, so no recording ships and nothing is fetched. Each is an opening
 * passage, arranged by ear for a few synthesised voices, not an edition.
 */
export const MUSIC_TRACKS: Readonly<Record<string, string>> = {
  bach_prelude_c: 'Bach: Prelude in C major, BWV 846',
  pachelbel_canon: 'Pachelbel: Canon in D',
  beethoven_moonlight: 'Beethoven: Moonlight Sonata, 1st movement',
  satie_gymnopedie_1: 'Satie: Gymnopédie No. 1',
  mozart_eine_kleine: 'Mozart: Eine kleine Nachtmusik, Allegro',
  beethoven_fur_elise: 'Beethoven: Für Elise',
  vivaldi_spring: 'Vivaldi: The Four Seasons, Spring',
  greensleeves: 'Traditional: Greensleeves',
  beethoven_ode_to_joy: 'Beethoven: Symphony No. 9, Ode to Joy',
};

/** The catalogue's keys in playlist order. */
export const MUSIC_TRACK_KEYS: readonly string[] = Object.keys(MUSIC_TRACKS);

/** Whether a key names a built-in (synthesised) track. */
export const isBuiltInTrackKey = (key: string): boolean => Object.hasOwn(MUSIC_TRACKS, key);
