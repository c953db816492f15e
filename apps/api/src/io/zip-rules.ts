import { isMissingZip, regionOfState } from '@meridian/domain';
import { badRequest } from '../http/http-error';
import { normalizeUploadZip } from './schedule-row';
import { lookupZip } from './zip-table';

/** A latitude/longitude pair. */
export interface LatLon {
  lat: number;
  lon: number;
}

/**
 * A roster zip (home or kit location): normalised (ZIP+4, lost zeros) and
 * present in the zip table, else 400 naming the zip, because a physicist or
 * kit without a place cannot be scheduled at all.
 */
export function requireKnownZip(text: string, field: string): string {
  const zip = normalizeUploadZip(text);
  if (!/^\d{5}$/.test(zip)) throw badRequest(`${field} '${text}' is not a 5-digit US zip code`);
  if (lookupZip(zip) === undefined) {
    throw badRequest(`${field} '${zip}' is not a US zip code in the zip table`);
  }
  return zip;
}

/**
 * A job zip: the spec's missing values (empty, null, none, n/a, 0) are kept
 * as typed so the row shows red; anything else must be a real zip (400 naming it).
 */
export function jobZip(text: string): string {
  if (isMissingZip(text)) return text.trim();
  return requireKnownZip(text, 'zip_code');
}

/** The Census region of a zip's state, or null for a missing or unknown zip. */
export function regionOfZip(zip: string): string | null {
  if (isMissingZip(zip)) return null;
  return regionOfState(lookupZip(zip)?.state);
}

/** The centroid of a zip, or null when the zip is missing or not in the table. */
export function coordsOfZip(zip: string | null | undefined): LatLon | null {
  if (zip == null || isMissingZip(zip)) return null;
  const row = lookupZip(zip);
  return row ? { lat: row.lat, lon: row.lon } : null;
}
