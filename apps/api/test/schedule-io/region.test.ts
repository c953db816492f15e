import { describe, expect, it } from 'vitest';
import { regionOfState, statesOfRegion } from '@meridian/domain';
import { zipTableRows } from '../../src/io/zip-table';

describe('regionOfState', () => {
  it('maps states to the four Census regions, DC to the South', () => {
    expect(regionOfState('MA')).toBe('Northeast');
    expect(regionOfState('pa')).toBe('Northeast');
    expect(regionOfState(' il ')).toBe('Midwest');
    expect(regionOfState('TX')).toBe('South');
    expect(regionOfState('DC')).toBe('South');
    expect(regionOfState('DE')).toBe('South');
    expect(regionOfState('CA')).toBe('West');
    expect(regionOfState('AK')).toBe('West');
  });

  it('groups territories and refuses anything else', () => {
    for (const code of ['PR', 'GU', 'VI', 'AS', 'MP', 'MH']) {
      expect(regionOfState(code)).toBe('Territories');
    }
    for (const code of ['AE', 'AP', 'AA', 'XX', '', null, undefined]) {
      expect(regionOfState(code)).toBeNull();
    }
  });

  it('covers the 50 states and DC exactly once', () => {
    const all = (['Northeast', 'Midwest', 'South', 'West'] as const).flatMap(statesOfRegion);
    expect(all).toHaveLength(51);
    expect(new Set(all).size).toBe(51);
  });

  it('gives every state in the zip table a region', () => {
    const states = new Set(zipTableRows().map((row) => row.state));
    for (const state of states) expect(regionOfState(state), state).not.toBeNull();
  });
});
