import { existsSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { ReceivedMail } from '../../apps/api/test/support/smtp-inbox';
import { provided } from './provided';

/** Every message the suite's SMTP server has received so far (e2e/global-setup.ts). */
export function receivedMail(): ReceivedMail[] {
  const file = provided('mailbox');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/** Waits for the first received message `matches` accepts, and answers it. */
export async function mailWhere(matches: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
  await expect
    .poll(() => receivedMail().some(matches), { timeout: 30_000, interval: 250 })
    .toBe(true);
  return receivedMail().find(matches)!;
}
