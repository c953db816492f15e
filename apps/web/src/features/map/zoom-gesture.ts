/** The most the map zooms in (states' detail is gone well before this). */
export const MAX_ZOOM = 12;

/** What a zoom gesture looks like to the filter (a DOM event's fields). */
export interface GestureStart {
  type: string;
  button?: number;
  ctrlKey?: boolean;
  touches?: { length: number };
}

/**
 * Whether the map takes a gesture (wheel, mouse drag, touch) or leaves it to
 * the page. At full view one finger scrolls the page, as on any phone page,
 * and two fingers pinch the map; once zoomed in, one finger pans it. The
 * mouse takes the primary button only, and ctrl+drag is left alone (on a Mac
 * it is a right click).
 */
export function mapTakesGesture(event: GestureStart, scale: number): boolean {
  if (event.type === 'wheel') return true;
  if (event.type.startsWith('touch')) return (event.touches?.length ?? 0) >= 2 || scale > 1;
  return !event.ctrlKey && !event.button;
}

/**
 * The CSS touch-action for the drawing: at full view the browser keeps
 * vertical page scrolling; zoomed in, every touch is the map's, so a pan is
 * never taken for a scroll.
 */
export const touchActionFor = (scale: number) => (scale > 1 ? 'none' : 'pan-y');
