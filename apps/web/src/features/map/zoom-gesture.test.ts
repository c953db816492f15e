import { describe, expect, it } from 'vitest';
import { mapTakesGesture, touchActionFor } from './zoom-gesture';

const touch = (fingers: number) => ({ type: 'touchstart', touches: { length: fingers } });

describe('mapTakesGesture', () => {
  it('leaves a one-finger swipe to the page at full view and takes it once zoomed', () => {
    expect(mapTakesGesture(touch(1), 1)).toBe(false);
    expect(mapTakesGesture(touch(1), 2.5)).toBe(true);
  });

  it('takes a two-finger pinch at any zoom', () => {
    expect(mapTakesGesture(touch(2), 1)).toBe(true);
    expect(mapTakesGesture(touch(2), 4)).toBe(true);
  });

  it('takes the wheel and a primary-button drag, not a right or ctrl drag', () => {
    expect(mapTakesGesture({ type: 'wheel', ctrlKey: true }, 1)).toBe(true);
    expect(mapTakesGesture({ type: 'mousedown', button: 0 }, 1)).toBe(true);
    expect(mapTakesGesture({ type: 'mousedown', button: 2 }, 1)).toBe(false);
    expect(mapTakesGesture({ type: 'mousedown', button: 0, ctrlKey: true }, 1)).toBe(false);
  });
});

describe('touchActionFor', () => {
  it('keeps vertical page scrolling only at full view', () => {
    expect(touchActionFor(1)).toBe('pan-y');
    expect(touchActionFor(1.01)).toBe('none');
  });
});
