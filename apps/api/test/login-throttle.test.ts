import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { RateCountersRepository } from '../src/repositories/rate-counters.repository';
import { counterKeys } from '../src/security/counter-keys';
import {
  LoginThrottle,
  UNLOCKED_TRUST_MS,
  type ThrottleCounters,
  type ThrottleLimits,
} from '../src/security/login-throttle';
import { createTestDatabase } from './support/test-app';

// The sign-in throttle counts in rate_counters (migration 0025) on the
// database the run asks for, on a clock of the test's own.

let database: Database;
let counters: RateCountersRepository;
const keys = counterKeys('throttle-test-secret-0123456789-abcdefghij');

beforeAll(async () => {
  database = await createTestDatabase();
  counters = new RateCountersRepository(database.db);
});
afterAll(async () => {
  await database.close();
});

const throttleAt = (limits: ThrottleLimits, clock: { now: number }) =>
  new LoginThrottle(counters, keys, limits, () => clock.now);

describe('LoginThrottle on the database', () => {
  const limits = { perAccount: 2, perAddress: 4, windowMs: 1000, lockMs: 500 };

  it('locks an account briefly after the limit and unlocks after the lock time', async () => {
    const clock = { now: 10_000 };
    const throttle = throttleAt(limits, clock);
    await throttle.recordFailure('Ann', 'ip1');
    expect(await throttle.retryAfterSeconds('ann', 'ip2')).toBe(0);
    await throttle.recordFailure('ann', 'ip2');
    expect(await throttle.retryAfterSeconds('ann', 'ip3')).toBe(1);
    clock.now += 501;
    expect(await throttle.retryAfterSeconds('ann', 'ip3')).toBe(0);
    // Still at the limit: one more miss locks again at once.
    await throttle.recordFailure('ann', 'ip3');
    expect(await throttle.retryAfterSeconds('ann', 'ip4')).toBeGreaterThan(0);
  });

  it('clears the account count on success and counts addresses separately', async () => {
    const clock = { now: 20_000 };
    const throttle = throttleAt(limits, clock);
    await throttle.recordFailure('bob', 'ip');
    await throttle.recordSuccess('bob');
    await throttle.recordFailure('bob', 'ip');
    expect(await throttle.retryAfterSeconds('bob', 'elsewhere')).toBe(0);
    await throttle.recordFailure('c1', 'ip');
    await throttle.recordFailure('c2', 'ip');
    expect(await throttle.retryAfterSeconds('someone', 'ip')).toBe(1);
    // The address's lock is not the account's: bob signs in from elsewhere.
    expect(await throttle.retryAfterSeconds('bob', 'elsewhere')).toBe(0);
    clock.now += 5000;
    expect(await throttle.retryAfterSeconds('someone', 'ip')).toBe(0);
  });

  it('counts two throttles (two nodes) on one table as one: a lock one sets holds on the other', async () => {
    const clock = { now: 30_000 };
    const nodeA = throttleAt(limits, clock);
    const nodeB = throttleAt(limits, clock);
    await nodeA.recordFailure('dora', 'ip-a');
    expect(await nodeB.retryAfterSeconds('dora', 'ip-b')).toBe(0);
    await nodeB.recordFailure('dora', 'ip-b');
    expect(await nodeA.retryAfterSeconds('dora', 'ip-c')).toBe(1);
    expect(await nodeB.retryAfterSeconds('dora', 'ip-c')).toBe(1);
  });

  it('counts failures recorded at the same moment, none lost', async () => {
    const clock = { now: 40_000 };
    const wide = { perAccount: 50, perAddress: 1000, windowMs: 60_000, lockMs: 30_000 };
    const throttles = [throttleAt(wide, clock), throttleAt(wide, clock)];
    await Promise.all(
      Array.from({ length: 49 }, (_, i) => throttles[i % 2]!.recordFailure('eve', `ip${i}`)),
    );
    expect(await throttles[0]!.retryAfterSeconds('eve', 'ip-x')).toBe(0);
    await throttles[1]!.recordFailure('eve', 'ip-last');
    expect(await throttles[0]!.retryAfterSeconds('eve', 'ip-x')).toBe(30);
  });

  it('stores no username or address, only keyed hashes', async () => {
    const clock = { now: 50_000 };
    await throttleAt(limits, clock).recordFailure('my-secret-password', '192.0.2.77');
    const rows = await database.db.selectFrom('rate_counters').select('key').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(key).not.toContain('secret');
      expect(key).not.toContain('192.0.2');
    }
  });

  it('forgets counters once their window and lock have passed (each node sweeps)', async () => {
    const bounds = { perAccount: 5, perAddress: 20, windowMs: 60_000, lockMs: 10_000 };
    const clock = { now: 1_000_000 };
    const throttle = throttleAt(bounds, clock);
    for (let i = 0; i < 30; i++) await throttle.recordFailure(`user${i}`, '10.0.0.1');
    expect(await throttle.retryAfterSeconds('someone', '10.0.0.1')).toBeGreaterThan(0);
    const before = await counters.count();
    expect(before).toBeGreaterThanOrEqual(31);
    clock.now += bounds.windowMs + bounds.lockMs + 1;
    await throttle.recordFailure('late', '10.0.0.2');
    // Every earlier counter (this test's and the ones above, on older clocks) is gone.
    expect(await counters.count()).toBe(2);
    expect(await throttle.retryAfterSeconds('someone', '10.0.0.1')).toBe(0);
  });

  it("trusts an address found unlocked for a moment in the headers' check, never in login's", async () => {
    const bounds = { perAccount: 5, perAddress: 2, windowMs: 60_000, lockMs: 30_000 };
    const clock = { now: 2_000_000 };
    let reads = 0;
    const counting: ThrottleCounters = {
      countFailure: (...args) => counters.countFailure(...args),
      locks: (...args) => {
        reads++;
        return counters.locks(...args);
      },
      clear: (key) => counters.clear(key),
      sweep: (t) => counters.sweep(t),
    };
    const nodeA = throttleAt(bounds, clock);
    const nodeB = new LoginThrottle(counting, keys, bounds, () => clock.now);
    expect(await nodeB.addressRetryAfterSeconds('198.51.100.1')).toBe(0);
    expect(await nodeB.addressRetryAfterSeconds('198.51.100.1')).toBe(0);
    expect(reads).toBe(1);
    // Another node locks the address: the headers' check here trusts its "unlocked" a moment more,
    await nodeA.recordAddressFailure('198.51.100.1');
    await nodeA.recordAddressFailure('198.51.100.1');
    expect(await nodeB.addressRetryAfterSeconds('198.51.100.1')).toBe(0);
    // but login's check, before any password is hashed, reads the table and refuses at once.
    expect(await nodeB.retryAfterSeconds('anyone', '198.51.100.1')).toBe(30);
    expect(await nodeB.addressRetryAfterSeconds('198.51.100.1')).toBe(30);
    // Once the moment has passed, the headers' check reads the table again.
    const nodeC = new LoginThrottle(counting, keys, bounds, () => clock.now);
    expect(await nodeC.addressRetryAfterSeconds('198.51.100.2')).toBe(0);
    await nodeA.recordAddressFailure('198.51.100.2');
    await nodeA.recordAddressFailure('198.51.100.2');
    clock.now += UNLOCKED_TRUST_MS;
    expect(await nodeC.addressRetryAfterSeconds('198.51.100.2')).toBe(29);
    // A lock this node records itself is seen at once, trusted "unlocked" or not.
    expect(await nodeC.addressRetryAfterSeconds('198.51.100.3')).toBe(0);
    await nodeC.recordAddressFailure('198.51.100.3');
    await nodeC.recordAddressFailure('198.51.100.3');
    expect(await nodeC.addressRetryAfterSeconds('198.51.100.3')).toBe(30);
  });
});
