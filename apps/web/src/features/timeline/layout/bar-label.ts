/**
 * What a bar shows of its customer's name when the bar is narrow: the full
 * name when it fits, else the short name (the name without the words every
 * hospital shares), else its initials, else nothing (the colour, the hover
 * and focus details and the accessible name still say it). Fitting is by
 * measured width, not a character count: "Mercy Hospital Boston" and
 * "WWWW" differ.
 */

/** Words that name the kind of institution, not which one: dropped from the short name. */
const INSTITUTIONAL = new Set([
  '&',
  'and',
  'associates',
  'at',
  'center',
  'centre',
  'clinic',
  'clinics',
  'community',
  'for',
  'group',
  'health',
  'healthcare',
  'hospital',
  'hospitals',
  'inc',
  'inc.',
  'institute',
  'llc',
  'medical',
  'of',
  'regional',
  'system',
  'the',
]);

const wordsOf = (name: string): string[] => name.trim().split(/\s+/).filter(Boolean);

/**
 * "Back Bay Regional Medical Center" -> "Back Bay"; the full name when what is
 * left has no letter ("Clinic 3" stays, not "3").
 */
export function shortName(full: string): string {
  const words = wordsOf(full);
  const kept = words.filter((word) => !INSTITUTIONAL.has(word.toLowerCase()));
  return (kept.some((word) => /\p{L}/u.test(word)) ? kept : words).join(' ');
}

/** The first letter of each word of the short name, at most four: "St. Luke's Hudson" -> "SLH". */
export function initialsOf(full: string): string {
  const letters = wordsOf(shortName(full))
    .map((word) => /\p{L}|\p{N}/u.exec(word)?.[0] ?? '')
    .join('');
  return letters.slice(0, 4).toLocaleUpperCase();
}

/** The labels to try, longest first, without repeats: a one-day bar of the month view holds two letters. */
export function labelCandidates(full: string): string[] {
  const name = full.trim();
  const initials = initialsOf(name);
  return [...new Set([name, shortName(name), initials, initials.slice(0, 2)])].filter(Boolean);
}

/** The first candidate whose measured width fits `available` pixels, or '' when none does. */
export function fitLabel(full: string, available: number, measure: (text: string) => number) {
  for (const label of labelCandidates(full)) if (measure(label) <= available) return label;
  return '';
}
