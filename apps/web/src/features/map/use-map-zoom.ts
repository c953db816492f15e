import { useCallback, useEffect, useRef, useState } from 'react';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, zoomTransform, type ZoomTransform } from 'd3-zoom';
import { mapTakesGesture, MAX_ZOOM, type GestureStart } from './zoom-gesture';

/** Each press of a zoom button scales by this. */
const STEP = 1.6;

/**
 * Wheel, pinch, double-click and drag zoom of the map's <svg> through
 * d3-zoom, kept inside the drawing (no panning off into blank space). The
 * transform is React state, so the markers can keep their pixel size; a new
 * size (window resize, other layout) starts from the full view again.
 */
export function useMapZoom(width: number, height: number) {
  // A callback ref: the <svg> appears only once the data are in, after the size is known.
  const [svg, svgRef] = useState<SVGSVGElement | null>(null);
  const controlsRef = useRef<{ scaleBy: (factor: number) => void; reset: () => void } | null>(null);
  const [transform, setTransform] = useState<ZoomTransform>(zoomIdentity);

  useEffect(() => {
    if (!svg || width === 0 || height === 0) return;
    const extent: [[number, number], [number, number]] = [
      [0, 0],
      [width, height],
    ];
    const behaviour = zoom<SVGSVGElement, unknown>()
      .scaleExtent([1, MAX_ZOOM])
      .extent(extent)
      .translateExtent(extent)
      .filter((event: GestureStart) => mapTakesGesture(event, zoomTransform(svg).k))
      .on('zoom', (event: { transform: ZoomTransform }) => setTransform(event.transform));
    const selection = select(svg);
    selection.call(behaviour);
    behaviour.transform(selection, zoomIdentity);
    controlsRef.current = {
      scaleBy: (factor) => behaviour.scaleBy(selection, factor),
      reset: () => behaviour.transform(selection, zoomIdentity),
    };
    return () => {
      selection.on('.zoom', null);
      controlsRef.current = null;
    };
  }, [svg, width, height]);

  const zoomIn = useCallback(() => controlsRef.current?.scaleBy(STEP), []);
  const zoomOut = useCallback(() => controlsRef.current?.scaleBy(1 / STEP), []);
  const reset = useCallback(() => controlsRef.current?.reset(), []);
  return { svgRef, transform, zoomIn, zoomOut, reset };
}
