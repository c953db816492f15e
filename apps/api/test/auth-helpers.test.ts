import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { TokenSigner } from '../src/security/jwt';
import {
  generatePassword,
  hashPassword,
  verifyAgainstDummy,
  verifyPassword,
} from '../src/security/password';

const SECRET = 'unit-secret-unit-secret-unit-secret-1234';

describe('password hashing', () => {
  it('uses argon2id with m=19456 KiB, t=2, p=1 and verifies', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(parseOptions(stored)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
  });

  it('treats a malformed hash as a mismatch and the dummy check as a failure', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });

  it('generates distinct 20-character passwords', () => {
    const a = generatePassword();
    expect(a).toHaveLength(20);
    expect(generatePassword()).not.toBe(a);
  });
});

describe('TokenSigner', () => {
  it('round-trips claims', async () => {
    const signer = new TokenSigner(SECRET, 5);
    const claims = { sub: 'ann', role: 'manager' as const, uid: 3, key: 'k'.repeat(32) };
    const token = await signer.sign(claims);
    const verified = await signer.verify(token);
    expect(verified).toMatchObject(claims);
    // Each token gets its own random id (what a logout revokes) and no change-password flag.
    expect(verified?.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await signer.verify(await signer.sign(claims)))?.jti).not.toBe(verified?.jti);
    expect(verified?.pcr).toBeUndefined();
  });

  it('refuses a token from another key and one with an unknown role', async () => {
    const other = new TokenSigner('another-key-another-key-another-key-12', 5);
    const signer = new TokenSigner(SECRET, 5);
    expect(
      await signer.verify(
        await other.sign({ sub: 'ann', role: 'admin', uid: 1, key: 'k'.repeat(32) }),
      ),
    ).toBeNull();
    const bogus = await signer.sign({
      sub: 'ann',
      role: 'root' as never,
      uid: 1,
      key: 'k'.repeat(32),
    });
    expect(await signer.verify(bogus)).toBeNull();
  });
});
