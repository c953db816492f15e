import { MIN_PASSWORD_LENGTH } from '@meridian/contracts';

/**
 * The password rule of NIST SP 800-63B (5.1.1.2): at least 12 characters, no
 * composition rules, and not a value a guesser tries first. "Tried first" is
 * checked offline against the 49,233 most common passwords of breach corpora
 * (@zxcvbn-ts/language-common's `passwords-common`, shipped in the package,
 * nothing fetched), with digits or symbols added before or after one, a
 * character repeated or a run such as abcd or 4321, and the account's own
 * username or e-mail.
 */

/** Why a password is refused, as the `detail` a user reads; null when it is accepted. */
export type PasswordVerdict = string | null;

export const TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const TOO_COMMON =
  'Password is too common: it is on a list of common and breached passwords (or is one with digits or symbols added); choose another';
export const TOO_SIMPLE =
  'Password is too easy to guess: one character repeated or a run such as abcd or 4321; choose another';
export const TOO_PERSONAL = 'Password must not be your username or e-mail address';

let common: Promise<ReadonlySet<string>> | undefined;

/** The common-password list as a set, loaded once on first use (about 80 ms and 7 MB). */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return common;
}

/** The password without digits, symbols and spaces at either end ("Dragon2024!" -> "dragon"). */
const core = (password: string) => password.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** One unit of up to 4 characters repeated ("aaaa...", "abab...", "1231 2312..."). */
function isRepetition(password: string): boolean {
  for (let unit = 1; unit <= 4; unit += 1) {
    const head = password.slice(0, unit);
    if (head.repeat(Math.ceil(password.length / unit)).startsWith(password)) return true;
  }
  return false;
}

/** Every character one code point above (or every one below) the one before it. */
function isRun(password: string): boolean {
  const codes = [...password.toLowerCase()].map((c) => c.codePointAt(0) ?? 0);
  const steps = new Set(codes.slice(1).map((code, i) => code - (codes[i] ?? 0)));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}

/** Judges a new password for an account; the verdict names the rule it breaks. */
export async function judgePassword(
  password: string,
  account: { username: string; email?: string },
): Promise<PasswordVerdict> {
  if ([...password].length < MIN_PASSWORD_LENGTH) return TOO_SHORT;
  const lower = password.toLowerCase();
  const personal = [account.username, account.email, account.email?.split('@')[0]]
    .filter((value): value is string => value !== undefined && value.length >= 3)
    .map((value) => value.toLowerCase());
  if (personal.includes(lower) || personal.includes(core(password))) return TOO_PERSONAL;
  if (isRepetition(lower) || isRun(lower)) return TOO_SIMPLE;
  const list = await commonPasswords();
  const stripped = core(password);
  if (list.has(lower) || (stripped.length >= 4 && list.has(stripped))) return TOO_COMMON;
  return null;
}
