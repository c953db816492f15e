import { describe, expect, it } from 'vitest';
import type { Job } from '@meridian/domain';
import { isUnchangedEdit } from './job-edit-rule';

const job = {
  id: 7,
  customer: 'Alpha Clinic',
  location: '',
  zip_code: '10016',
  package: 'Linac QA',
  start: '2026-03-02',
  end: null,
  reason: 'Lead: Ann (4 mi)',
} as Job;

describe('isUnchangedEdit', () => {
  it('is true for the same text, so nothing is sent', () => {
    expect(isUnchangedEdit(job, 'customer', 'Alpha Clinic')).toBe(true);
    expect(isUnchangedEdit(job, 'start', '2026-03-02')).toBe(true);
  });

  it('reads a null field as empty text', () => {
    expect(isUnchangedEdit(job, 'end', '')).toBe(true);
    expect(isUnchangedEdit(job, 'end', '2026-03-03')).toBe(false);
  });

  it('is false for a changed value', () => {
    expect(isUnchangedEdit(job, 'customer', 'Alpha Clinic East')).toBe(false);
    expect(isUnchangedEdit(job, 'zip_code', '10017')).toBe(false);
  });

  it('is never true for reason, even when it is the same', () => {
    expect(isUnchangedEdit(job, 'reason', 'Lead: Ann (4 mi)')).toBe(false);
  });
});
