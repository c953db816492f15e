import { textProblem } from '../http/text-guard';
import type { CsvRecord } from './csv-reader';
import { columnName } from './headers';
import type { IssueList } from './issues';

/** Shows a refused cell with its control characters spelled out (the answer names what is wrong). */
const visible = (value: string) =>
  // eslint-disable-next-line no-control-regex -- spelling out control characters is the point
  value.replace(/[\u0000-\u001F]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The text guard of the API's edge (http/text-guard.ts) applied where a
 * file's rows become fields, CSV and XLSX alike: each cell holding NUL,
 * another C0 control but tab, CR and LF, or a lone surrogate is an error on
 * its line and column, so the file is refused whole and nothing reaches the
 * database (PostgreSQL refuses NUL in text with 22021).
 */
export function checkRecordText(records: readonly CsvRecord[], errors: IssueList): void {
  const header = records[0];
  for (const record of records) {
    record.fields.forEach((field, position) => {
      const problem = textProblem(field);
      if (problem === null) return;
      const column = columnName(record === header ? undefined : header, position);
      errors.add(record.line, visible(column), visible(field), `the cell ${problem}`);
    });
  }
}
