import { parentPort, workerData } from 'node:worker_threads';
import { readFirstSheet } from './read-workbook';
import type { XlsxThreadInput } from './read-thread';

// Entry of an .xlsx reading thread: reads the first sheet of the workbook it
// was started with, posts the answer once, and ends.
const { bytes, maxRecords } = workerData as XlsxThreadInput;
const result = await readFirstSheet(bytes, maxRecords);
// A sheet past the row limit is refused whole (413), so its rows are not sent: copying
// 100,001 rows into the main thread held its event loop for about a second
// (docs/reliability-notes.md, "Hostile workbooks").
parentPort!.postMessage(result.ok && result.overLimit ? { ...result, records: [] } : result);
