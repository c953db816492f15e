import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | null = null;

/**
 * exceljs, imported on the first XLSX upload or export rather than at start-up:
 * compiling it costs about 0.16 s of CPU, a share of every restart (a restart
 * after a crash is paid for on a loaded machine too; docs/reliability.md).
 */
export function loadExcelJS(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
