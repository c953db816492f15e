import { describe, expect, it } from 'vitest';
import { decisionInWords, leaveDaysInWords } from './leave-words';

describe('leave words', () => {
  it('names the days and counts them', () => {
    expect(leaveDaysInWords('2027-01-04', '2027-01-08', 5)).toBe(
      '4 Jan 2027 to 8 Jan 2027 (5 days)',
    );
    expect(leaveDaysInWords('2027-01-04', '2027-01-04', 1)).toBe('4 Jan 2027 (1 day)');
  });

  it('says who decided and why, and nothing before a decision', () => {
    expect(decisionInWords({ status: 'approved', decided_by: 'mgr', reason: '' })).toBe(
      'Approved by mgr',
    );
    expect(decisionInWords({ status: 'declined', decided_by: 'mgr', reason: 'Audit' })).toBe(
      'Declined by mgr: Audit',
    );
    expect(decisionInWords({ status: 'pending', decided_by: null, reason: '' })).toBeNull();
  });
});
