/** Upload limits of docs/data-formats.md: bigger files are refused (HTTP 413), never truncated. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Most an .xlsx upload may unpack to, counted as it inflates (413 beyond). */
export const MAX_XLSX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** Most files an .xlsx may hold (a workbook has about a dozen; 413 beyond, before any is read). */
export const MAX_XLSX_ENTRIES = 1_000;
/** Most cells an .xlsx sheet may fill (100,000 rows of 20 columns), shared strings counted alike. */
export const MAX_XLSX_CELLS = 2_000_000;
/** Most characters of text an .xlsx sheet's cells may hold, as much as a 20 MB CSV could. */
export const MAX_XLSX_TEXT_CHARS = MAX_UPLOAD_BYTES;
/** Heap of the thread that reads an .xlsx (docs/reliability.md, "Hostile workbooks"). */
export const XLSX_THREAD_HEAP_MB = 160;
/** Data rows (the header not counted) accepted in one upload. */
export const MAX_UPLOAD_ROWS = 100_000;
/** Errors (and warnings) listed in one answer; the total is always given too. */
export const MAX_LISTED_ISSUES = 100;

/** One line-numbered problem in an uploaded file (the contracts' ImportErrorSchema shape). */
export interface ImportIssue {
  /** Physical line where the record starts; the header is line 1. */
  line: number;
  column: string;
  value: string;
  message: string;
}

/** The file is over a limit; nothing was read. */
export interface TooLargeResult {
  ok: false;
  kind: 'too_large';
  limit: 'bytes' | 'rows' | 'expanded' | 'entries' | 'cells' | 'text' | 'memory';
  max: number;
  detail: string;
}

/** The file cannot be read; nothing is returned but the errors. */
export interface InvalidResult {
  ok: false;
  kind: 'invalid';
  errors: ImportIssue[];
  total_errors: number;
}

/** A list that keeps the first MAX_LISTED_ISSUES entries and counts the rest. */
export class IssueList {
  readonly listed: ImportIssue[] = [];
  total = 0;

  /** Records one issue. */
  add(line: number, column: string, value: string, message: string): void {
    this.total++;
    // Values are cut so a 20 MB cell cannot be echoed back in the answer.
    const shown = value.length > 200 ? `${value.slice(0, 200)}...` : value;
    if (this.listed.length < MAX_LISTED_ISSUES) {
      this.listed.push({ line, column, value: shown, message });
    }
  }
}

/** Every limit a file can be over, with its number and the sentence that names it. */
const LIMITS: Record<
  TooLargeResult['limit'],
  { max: number; detail: (actual?: number) => string }
> = {
  bytes: {
    max: MAX_UPLOAD_BYTES,
    detail: () => `The file is larger than the limit of 20 MB (${MAX_UPLOAD_BYTES} bytes).`,
  },
  rows: {
    max: MAX_UPLOAD_ROWS,
    detail: (actual) =>
      `The file has more than the limit of ${MAX_UPLOAD_ROWS} rows${actual ? ` (${actual} or more)` : ''}.`,
  },
  expanded: {
    max: MAX_XLSX_UNPACKED_BYTES,
    detail: () =>
      `The workbook unpacks to more than the limit of 200 MB (${MAX_XLSX_UNPACKED_BYTES} bytes).`,
  },
  entries: {
    max: MAX_XLSX_ENTRIES,
    detail: () => `The workbook holds more than the limit of ${MAX_XLSX_ENTRIES} files.`,
  },
  cells: {
    max: MAX_XLSX_CELLS,
    detail: () => `The workbook has more than the limit of ${MAX_XLSX_CELLS} cells or strings.`,
  },
  text: {
    max: MAX_XLSX_TEXT_CHARS,
    detail: () =>
      `The workbook's cells hold more than the limit of ${MAX_XLSX_TEXT_CHARS} characters of text.`,
  },
  memory: {
    max: XLSX_THREAD_HEAP_MB,
    detail: () =>
      `Reading the workbook needs more than the limit of ${XLSX_THREAD_HEAP_MB} MB of memory.`,
  },
};

/** The 'too large' answer naming the limit that was exceeded. */
export function tooLarge(limit: TooLargeResult['limit'], actual?: number): TooLargeResult {
  const { max, detail } = LIMITS[limit];
  return { ok: false, kind: 'too_large', limit, max, detail: detail(actual) };
}

/** The failure answer built from an error list. */
export function invalid(errors: IssueList): InvalidResult {
  // Reader and row errors are collected in two passes; the answer reads top to bottom.
  const sorted = [...errors.listed].sort((a, b) => a.line - b.line);
  return { ok: false, kind: 'invalid', errors: sorted, total_errors: errors.total };
}

/** One line of text for an issue, e.g. for the upload answer's `warnings` strings. */
export function issueToText(issue: ImportIssue): string {
  const where = issue.column ? `line ${issue.line}, column ${issue.column}` : `line ${issue.line}`;
  return issue.value
    ? `${where} ('${issue.value}'): ${issue.message}`
    : `${where}: ${issue.message}`;
}
