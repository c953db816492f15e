import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { TokenSigner } from '../src/security/jwt';
import { LoginThrottle } from '../src/security/login-throttle';
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
    expect(await signer.verify(token)).toEqual(claims);
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

describe('LoginThrottle', () => {
  const limits = { perAccount: 2, perAddress: 4, windowMs: 1000, lockMs: 500 };

  it('locks an account briefly after the limit and unlocks after the lock time', () => {
    let now = 0;
    const throttle = new LoginThrottle(limits, () => now);
    throttle.recordFailure('Ann', 'ip1');
    expect(throttle.retryAfterSeconds('ann', 'ip2')).toBe(0);
    throttle.recordFailure('ann', 'ip2');
    expect(throttle.retryAfterSeconds('ann', 'ip3')).toBe(1);
    now = 501;
    expect(throttle.retryAfterSeconds('ann', 'ip3')).toBe(0);
    // Still at the limit: one more miss locks again at once.
    throttle.recordFailure('ann', 'ip3');
    expect(throttle.retryAfterSeconds('ann', 'ip4')).toBeGreaterThan(0);
  });

  it('clears the account count on success and counts addresses separately', () => {
    let now = 0;
    const throttle = new LoginThrottle(limits, () => now);
    throttle.recordFailure('bob', 'ip');
    throttle.recordSuccess('bob');
    throttle.recordFailure('bob', 'ip');
    expect(throttle.retryAfterSeconds('bob', 'elsewhere')).toBe(0);
    throttle.recordFailure('c1', 'ip');
    throttle.recordFailure('c2', 'ip');
    expect(throttle.retryAfterSeconds('someone', 'ip')).toBe(1);
    now = 5000;
    expect(throttle.retryAfterSeconds('someone', 'ip')).toBe(0);
  });
});
