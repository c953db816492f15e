import { describe, expect, it } from 'vitest';
import { fitLabel, initialsOf, labelCandidates, shortName } from './bar-label';

// A stand-in for the canvas: 7 px a character, 10 for a W (widths differ by letter, not count).
const measure = (text: string) => [...text].reduce((sum, c) => sum + (c === 'W' ? 10 : 7), 0);

describe('bar labels', () => {
  it('drops the words every hospital shares from the short name', () => {
    expect(shortName('Back Bay Regional Medical Center')).toBe('Back Bay');
    expect(shortName("St. Luke's Hudson Hospital")).toBe("St. Luke's Hudson");
    expect(shortName('University Hospital of Boston')).toBe('University Boston');
    expect(shortName('Regional Medical Center')).toBe('Regional Medical Center');
    expect(shortName('Clinic 3')).toBe('Clinic 3');
    expect(initialsOf('Clinic 3')).toBe('C3');
  });

  it('takes the initials of the short name, letters of any script, at most four', () => {
    expect(initialsOf('Back Bay Regional Medical Center')).toBe('BB');
    expect(initialsOf("St. Luke's Hudson Hospital")).toBe('SLH');
    expect(initialsOf('Øresund Ærø Clinic')).toBe('ØÆ');
    expect(initialsOf('A B C D E')).toBe('ABCD');
  });

  it('tries the full name, the short name and the initials, longest first, once each', () => {
    expect(labelCandidates('Back Bay Cancer Center')).toEqual([
      'Back Bay Cancer Center',
      'Back Bay Cancer',
      'BBC',
      'BB',
    ]);
    expect(labelCandidates('Acme')).toEqual(['Acme', 'A']);
  });

  it('shows the longest label that fits the measured width, or nothing', () => {
    const name = 'Back Bay Regional Medical Center';
    expect(fitLabel(name, 1000, measure)).toBe(name);
    expect(fitLabel(name, 60, measure)).toBe('Back Bay');
    expect(fitLabel(name, 20, measure)).toBe('BB');
    expect(fitLabel(name, 10, measure)).toBe('');
    // Same length, different width: the measure decides, not the count.
    expect(fitLabel('WWWW', 35, measure)).toBe('W');
    expect(fitLabel('iiii', 35, measure)).toBe('iiii');
  });
});
