/**
 * Formula-injection neutralisation shared by export and import.
 *
 * Export: a cell that begins with = + - @ tab CR or NUL (the characters a
 * spreadsheet may read as the start of a formula) gets a leading apostrophe.
 * So that the round trip is exact we also prefix a cell that itself begins
 * with an apostrophe. Import removes one leading apostrophe exactly when what
 * follows would have been prefixed. Therefore unescapeCell(neutralizeCell(v)) === v
 * for every string v: a customer named "-Foo" is written "'-Foo" and reads back
 * as "-Foo"; one named "'-Foo" is written "''-Foo" and reads back as "'-Foo".
 * A hand-made file with "'-Foo" imports as "-Foo", which is what the
 * spreadsheet convention (apostrophe = literal text) means anyway.
 */
const NEEDS_PREFIX = /^[=+\-@\t\r\0']/;

/** The cell text to write in an export (CSV or XLSX). */
export function neutralizeCell(value: string): string {
  return NEEDS_PREFIX.test(value) ? `'${value}` : value;
}

/** The value of an imported cell: undoes neutralizeCell, leaves every other text alone. */
export function unescapeCell(cell: string): string {
  return cell.startsWith("'") && NEEDS_PREFIX.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** Whether an exported cell would be read as a formula without the prefix (for tests and audits). */
export function isFormulaLike(value: string): boolean {
  return /^[=+\-@\t\r\0]/.test(value);
}
