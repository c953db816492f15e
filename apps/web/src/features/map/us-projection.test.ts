import { describe, expect, it } from 'vitest';
import atlas from 'us-atlas/states-10m.json';
import { usShapesFromTopology } from './us-topology';
import { fitUsProjection } from './us-projection';

const shapes = usShapesFromTopology(atlas);

describe('fitUsProjection', () => {
  it('puts known zips inside the drawing, east of west and north of south', () => {
    const map = fitUsProjection(shapes, 800, 500);
    // 10016 New York, 90048 Los Angeles, 99501 Anchorage, 96813 Honolulu.
    const newYork = map.project(-73.978, 40.746);
    const losAngeles = map.project(-118.373, 34.073);
    const anchorage = map.project(-149.877, 61.216);
    const honolulu = map.project(-157.856, 21.307);
    for (const point of [newYork, losAngeles, anchorage, honolulu]) {
      expect(point).not.toBeNull();
      expect(point!.x).toBeGreaterThan(0);
      expect(point!.x).toBeLessThan(800);
      expect(point!.y).toBeGreaterThan(0);
      expect(point!.y).toBeLessThan(500);
    }
    expect(newYork!.x).toBeGreaterThan(losAngeles!.x);
    expect(newYork!.y).toBeLessThan(losAngeles!.y);
  });

  it('places nothing outside the US insets', () => {
    const map = fitUsProjection(shapes, 800, 500);
    expect(map.project(-0.128, 51.507)).toBeNull(); // London
    expect(map.project(-66.106, 18.466)).toBeNull(); // San Juan: not in Albers USA
  });

  it('fills the box it is given (land reaches both sides within the padding)', () => {
    const wide = fitUsProjection(shapes, 1000, 620, 10);
    expect(wide.nationPath.length).toBeGreaterThan(1000);
    expect(wide.bordersPath.length).toBeGreaterThan(1000);
    const maine = wide.project(-66.95, 44.81)!; // the easternmost point
    expect(maine.x).toBeGreaterThan(960);
    expect(maine.x).toBeLessThanOrEqual(991); // the 10m outline is simplified: within a pixel
  });

  it('refuses a drawing too small to hold the padding', () => {
    expect(() => fitUsProjection(shapes, 10, 400)).toThrow('A map needs more than 16 px');
  });

  it('refuses data that is not the states topology', () => {
    expect(() => usShapesFromTopology({ type: 'Topology', objects: {} })).toThrow(
      'not the us-atlas states topology',
    );
  });
});
