import { describe, expect, it } from 'vitest';
import { fChangeInWords, offerJobInWords } from './offer-words';

describe('offer words', () => {
  it('says which way F moves, lower being better, and rounds to hundredths', () => {
    expect(fChangeInWords(0.416)).toBe('F rises by 0.42');
    expect(fChangeInWords(-4.256)).toBe('F falls by 4.26');
    expect(fChangeInWords(0.004)).toBe('F does not change');
    expect(fChangeInWords(-0.001)).toBe('F does not change');
  });

  it('names the job with its days', () => {
    const job = { id: 1, customer: 'Mercy', location: 'NYC' };
    expect(offerJobInWords({ ...job, start: '2027-01-04', end: '2027-01-05' })).toBe(
      'Mercy, 4 Jan 2027 to 5 Jan 2027',
    );
    expect(offerJobInWords({ ...job, start: '2027-01-04', end: '2027-01-04' })).toBe(
      'Mercy, 4 Jan 2027',
    );
    expect(offerJobInWords({ ...job, start: null, end: null })).toBe('Mercy');
  });
});
