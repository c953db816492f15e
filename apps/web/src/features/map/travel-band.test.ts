import { describe, expect, it } from 'vitest';
import { TRAVEL_BAND_COLOURS, travelBand, travelBandColour } from './travel-band';

describe('travelBand', () => {
  it('follows the travel hint thresholds: under 200 car, 200 to 450 car or plane, over 450 plane', () => {
    expect(travelBand(0)).toBe('car');
    expect(travelBand(199.9)).toBe('car');
    expect(travelBand(200)).toBe('car or plane');
    expect(travelBand(450)).toBe('car or plane');
    expect(travelBand(450.1)).toBe('plane');
  });

  it('gives each band its own colour', () => {
    expect(travelBandColour(120)).toBe(TRAVEL_BAND_COLOURS.car);
    expect(travelBandColour(300)).toBe(TRAVEL_BAND_COLOURS['car or plane']);
    expect(travelBandColour(2400)).toBe(TRAVEL_BAND_COLOURS.plane);
    expect(new Set(Object.values(TRAVEL_BAND_COLOURS)).size).toBe(3);
  });
});
