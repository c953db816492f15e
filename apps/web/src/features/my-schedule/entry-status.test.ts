import { describe, expect, it } from 'vitest';
import { entryStatus } from './entry-status';

describe('entryStatus', () => {
  const today = '2026-01-05';
  it('calls published jobs confirmed and draft ones tentative', () => {
    expect(entryStatus({ phase: 'published', end: '2026-01-09' }, today)).toBe('Confirmed');
    expect(entryStatus({ phase: 'draft', end: '2026-02-09' }, today)).toBe('Tentative');
    expect(entryStatus({ phase: 'draft', end: null }, today)).toBe('Tentative');
  });

  it('says a past job has started while it runs, then that it is done', () => {
    expect(entryStatus({ phase: 'past', end: '2026-01-05' }, today)).toBe('Started');
    expect(entryStatus({ phase: 'past', end: '2026-01-04' }, today)).toBe('Done');
  });
});
