import { haversineMiles, type ZipPoint } from '@meridian/domain';

/** Zip code to its point (the GET /zip-data answer as a Map). */
export type ZipIndex = ReadonlyMap<string, ZipPoint>;

/**
 * Haversine miles (R = 3958.8, the domain's formula) between two zips, or null
 * when either is missing from the table: a job without a usable zip has no
 * distance, and none is made up.
 */
export function milesBetweenZips(
  zips: ZipIndex | undefined,
  from: string | null | undefined,
  to: string | null | undefined,
): number | null {
  if (!zips || !from || !to) return null;
  const a = zips.get(from);
  const b = zips.get(to);
  if (!a || !b) return null;
  return haversineMiles(a.lat, a.lon, b.lat, b.lon);
}

/**
 * The distance to show for a job's assignee: the one written in the reason
 * when there is one (the server measured it at assignment time), else the
 * haversine distance from their home zip to the job's zip (Earth radius 3958.8 miles).
 */
export function assigneeMiles(
  written: number | null | undefined,
  zips: ZipIndex | undefined,
  homeZip: string | null | undefined,
  jobZip: string,
): number | null {
  if (written != null && Number.isFinite(written)) return written;
  return milesBetweenZips(zips, homeZip, jobZip);
}
