/** The schedule upload lists its first 100 warnings and then says how many it left out. */
const MORE_WARNINGS = /^\.\.\. and (\d+) more warnings?$/;

/** An upload answer's warnings: the ones listed, and how many the file had in all. */
export interface UploadWarnings {
  listed: string[];
  total: number;
}

/**
 * Reads the `warnings` of an upload answer. Each listed warning already names
 * its line ('line 7, column zip_code (...): ...'); a closing '... and N more
 * warnings' (POST /schedules/upload past 100) is counted, not listed.
 */
export function readWarnings(warnings: readonly string[]): UploadWarnings {
  const last = warnings.at(-1);
  const more = last === undefined ? null : MORE_WARNINGS.exec(last);
  if (more) {
    const listed = warnings.slice(0, -1);
    return { listed, total: listed.length + Number(more[1]) };
  }
  return { listed: [...warnings], total: warnings.length };
}

/** '1 warning', '12 warnings'. */
export const warningCount = (total: number): string =>
  total === 1 ? '1 warning' : `${total} warnings`;

/** The toast after a file accepted with warnings; the count's button lists them. */
export const warningsNote = (total: number): string =>
  `The file had ${warningCount(total)}: select '${warningCount(total)}' to read ${total === 1 ? 'it' : 'them all'}.`;
