import { describe, expect, it } from 'vitest';
import { previewText, publishedToast } from './publish-words';

describe('publish words', () => {
  it('counts jobs and people in words', () => {
    expect(previewText(3, 2)).toBe(
      '3 jobs become published; 2 people will be told of new or changed jobs.',
    );
    expect(previewText(1, 1)).toBe(
      '1 job becomes published; 1 person will be told of new or changed jobs.',
    );
    expect(previewText(0, 0)).toBe(
      'No more jobs become published; nobody will be told of new or changed jobs.',
    );
  });

  it('names the date and the people told after a publish', () => {
    expect(publishedToast('2026-01-16', 4)).toBe('Published through 16 Jan 2026: 4 people told');
    expect(publishedToast('2026-01-16', 1)).toBe('Published through 16 Jan 2026: 1 person told');
    expect(publishedToast('2026-01-16', 0)).toBe('Published through 16 Jan 2026: nobody told');
  });
});
