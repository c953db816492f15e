import { NotifyAllRequestSchema } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { defaultNotifyAllMessage, notifyAllMessageProblem } from './notify-all-message';

describe('defaultNotifyAllMessage', () => {
  it('names the customer and the dates', () => {
    expect(
      defaultNotifyAllMessage({
        id: 7,
        customer: ' Mercy ',
        start: '2027-05-03',
        end: '2027-05-04',
      }),
    ).toBe(
      'About Mercy (2027-05-03 to 2027-05-04): the plan for this job has changed. See My schedule for your jobs.',
    );
    expect(defaultNotifyAllMessage({ id: 7, customer: '', start: null, end: null })).toContain(
      'About Job 7 (dates not set)',
    );
    expect(
      defaultNotifyAllMessage({ id: 7, customer: 'A', start: '2027-05-03', end: '2027-05-03' }),
    ).toContain('About A (2027-05-03):');
  });
});

describe('notifyAllMessageProblem', () => {
  it('refuses what the server refuses, and only that', () => {
    const cases = [
      '',
      '   \n ',
      'Office closed Friday',
      'x'.repeat(500),
      ` ${'x'.repeat(500)} `,
      'x'.repeat(501),
    ];
    for (const text of cases) {
      const accepted = NotifyAllRequestSchema.safeParse({ message: text }).success;
      expect(notifyAllMessageProblem(text) === null, JSON.stringify(text.slice(0, 20))).toBe(
        accepted,
      );
    }
    expect(notifyAllMessageProblem(' ')).toBe('Write a message to send.');
    expect(notifyAllMessageProblem('x'.repeat(501))).toBe(
      'At most 500 characters (this one has 501).',
    );
  });
});
