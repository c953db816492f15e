/** Zip values that mean "no usable location" (shown with the red highlight). */
const MISSING_ZIP_VALUES = new Set(['', 'null', 'none', 'n/a', '0']);

/** Whether a job's zip is missing in the spec's sense (empty, null, none, n/a or 0). */
export function isMissingZip(zip: string | null | undefined): boolean {
  return zip == null || MISSING_ZIP_VALUES.has(zip.trim().toLowerCase());
}

/**
 * Normalises a zip as typed or exported by spreadsheets: ZIP+4 keeps its first
 * five digits, and 3- or 4-digit numbers get back the leading zeros a
 * spreadsheet dropped. Anything else is returned trimmed, unchanged.
 */
export function normalizeZip(raw: string): string {
  const value = raw.trim();
  const plusFour = /^(\d{5})-?\d{4}$/.exec(value);
  if (plusFour) return plusFour[1]!;
  if (/^\d{3,4}$/.test(value)) return value.padStart(5, '0');
  return value;
}
