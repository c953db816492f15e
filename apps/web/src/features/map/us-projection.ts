import { geoAlbersUsa, geoPath, type GeoProjection } from 'd3-geo';
import type { UsShapes } from './us-topology';

/** A point on the drawing, in pixels from its top-left corner. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/** Turns a longitude and latitude into a point on the drawing, or null off the map. */
export type Projector = (lon: number, lat: number) => ScreenPoint | null;

/** The drawing's size and the projection that fills it. */
export interface UsProjection {
  width: number;
  height: number;
  project: Projector;
  /** SVG path data of the nation's fill and of the borders between states. */
  nationPath: string;
  bordersPath: string;
}

/**
 * Albers USA (lower 48 with Alaska and Hawaii inset) scaled to fit a
 * width x height drawing with `padding` pixels around the land. Computed per
 * size, so markers keep their pixel size on a phone and on a desktop.
 */
export function fitUsProjection(
  shapes: UsShapes,
  width: number,
  height: number,
  padding = 8,
): UsProjection {
  if (!(width > 2 * padding) || !(height > 2 * padding)) {
    throw new Error(`A map needs more than ${2 * padding} px each way (got ${width} x ${height}).`);
  }
  const projection: GeoProjection = geoAlbersUsa().fitExtent(
    [
      [padding, padding],
      [width - padding, height - padding],
    ],
    shapes.nation,
  );
  const path = geoPath(projection);
  return {
    width,
    height,
    project: (lon, lat) => {
      const point = projection([lon, lat]);
      return point ? { x: point[0], y: point[1] } : null;
    },
    nationPath: path(shapes.nation) ?? '',
    bordersPath: path(shapes.innerBorders) ?? '',
  };
}

/**
 * The drawing's height for a width: the Albers USA map is about 1.6 times as
 * wide as it is tall, and a tall thin box would leave empty bands.
 */
export const mapHeightFor = (width: number): number => Math.round(width * 0.62);
