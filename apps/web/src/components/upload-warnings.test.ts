import { describe, expect, it } from 'vitest';
import { readWarnings, warningCount, warningsNote } from './upload-warnings';

describe('readWarnings', () => {
  it('lists every warning and counts them', () => {
    const warnings = ['line 3, column zip_code: no zip code', 'line 9: unknown column, ignored'];
    expect(readWarnings(warnings)).toEqual({ listed: warnings, total: 2 });
    expect(readWarnings([])).toEqual({ listed: [], total: 0 });
  });

  it('counts the warnings the server left out after its first 100', () => {
    const listed = Array.from({ length: 100 }, (_, i) => `line ${i + 2}: no zip code`);
    expect(readWarnings([...listed, '... and 42 more warnings'])).toEqual({ listed, total: 142 });
  });

  it('lists a warning that merely mentions more warnings', () => {
    const odd = ["line 2, column comment ('... and 5 more warnings'): unknown column, ignored"];
    expect(readWarnings(odd)).toEqual({ listed: odd, total: 1 });
  });
});

describe('warningCount', () => {
  it('says warning or warnings', () => {
    expect(warningCount(1)).toBe('1 warning');
    expect(warningCount(142)).toBe('142 warnings');
    expect(warningsNote(1)).toBe("The file had 1 warning: select '1 warning' to read it.");
    expect(warningsNote(3)).toBe("The file had 3 warnings: select '3 warnings' to read them all.");
  });
});
