import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id with OWASP's first recommended setting: m = 19 MiB, t = 2, p = 1 (ASVS 11.4.2). */
export const ARGON2_OPTIONS: Options = {
  // Algorithm is a const enum in the typings (not usable with isolatedModules); 2 is Argon2id.
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/** Hashes a password with argon2id; the PHC string carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Checks a password against a stored hash; a malformed hash counts as a mismatch. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends one hash on an unknown username so its answer takes as long as a wrong
 * password for a real one (no user enumeration by timing).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A random password for generated accounts: 20 URL-safe characters (120 bits). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}
