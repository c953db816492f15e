/** Earth radius in miles used by every distance in the product. */
export const EARTH_RADIUS_MILES = 3958.8;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in miles between two points (haversine). */
export function haversineMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return haversineMilesWithCos(lat1, lon1, latitudeCos(lat1), lat2, lon2, latitudeCos(lat2));
}

/** cos of a latitude in degrees, the factor haversineMilesWithCos takes precomputed. */
export const latitudeCos = (lat: number): number => Math.cos(toRadians(lat));

/**
 * haversineMiles with each point's latitudeCos given, for tables of many
 * distances (the optimizer's J x P miles): one formula, so a table built this
 * way is bit-identical to the evaluator's miles.
 */
export function haversineMilesWithCos(
  lat1: number,
  lon1: number,
  cosLat1: number,
  lat2: number,
  lon2: number,
  cosLat2: number,
): number {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + cosLat1 * cosLat2 * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

export type TravelHint = 'car' | 'car or plane' | 'plane';

/** Travel mode by distance: under 200 mi car, 200 to 450 car or plane, over 450 plane. */
export function travelHint(miles: number): TravelHint {
  if (miles < 200) return 'car';
  if (miles <= 450) return 'car or plane';
  return 'plane';
}

/** Analytics distance bucket: the dashboard's four ranges of miles. */
export function distanceBucket(miles: number): '0-100' | '101-400' | '401-1000' | '>1000' {
  if (miles <= 100) return '0-100';
  if (miles <= 400) return '101-400';
  if (miles <= 1000) return '401-1000';
  return '>1000';
}
