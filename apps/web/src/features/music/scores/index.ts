import { bachPreludeC } from './bach-prelude-c';
import { beethovenFurElise } from './beethoven-fur-elise';
import { beethovenMoonlight } from './beethoven-moonlight';
import { beethovenOdeToJoy } from './beethoven-ode-to-joy';
import { greensleeves } from './greensleeves';
import { mozartEineKleine } from './mozart-eine-kleine';
import type { Score } from './notation';
import { pachelbelCanon } from './pachelbel-canon';
import { satieGymnopedie } from './satie-gymnopedie';
import { vivaldiSpring } from './vivaldi-spring';

/** The built-in pieces by catalogue key (MUSIC_TRACKS in @meridian/domain names them). */
export const SCORES: Readonly<Record<string, Score>> = {
  bach_prelude_c: bachPreludeC,
  pachelbel_canon: pachelbelCanon,
  beethoven_moonlight: beethovenMoonlight,
  satie_gymnopedie_1: satieGymnopedie,
  mozart_eine_kleine: mozartEineKleine,
  beethoven_fur_elise: beethovenFurElise,
  vivaldi_spring: vivaldiSpring,
  greensleeves,
  beethoven_ode_to_joy: beethovenOdeToJoy,
};
