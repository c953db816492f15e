import { parentPort, workerData } from 'node:worker_threads';
import { readFirstSheet } from './read-workbook';
import type { XlsxThreadInput } from './read-thread';

// Entry of an .xlsx reading thread: reads the first sheet of the workbook it
// was started with, posts the answer once, and ends.
const { bytes, maxRecords } = workerData as XlsxThreadInput;
parentPort!.postMessage(await readFirstSheet(bytes, maxRecords));
