import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { readFirstSheet } from './read-workbook';
import type { XlsxThreadReply, XlsxThreadRequest } from './read-thread';

// Entry of the .xlsx reading thread (read-thread.ts keeps it between workbooks):
// reads the first sheet of each workbook sent, one at a time, and posts one
// reply per request. Nothing of a request is kept: every read starts from a
// fresh readFirstSheet, and what it leaves is garbage, whose size the reply
// gives (heldBytes) so that the keeper ends a thread left holding much of it.
const port = parentPort!;
port.on('message', ({ id, bytes, maxRecords }: XlsxThreadRequest) => {
  const reply = (message: XlsxThreadReply) => port.postMessage(message);
  readFirstSheet(bytes, maxRecords).then(
    // A sheet past the row limit is refused whole (413), so its rows are not sent: copying
    // 100,001 rows into the main thread held its event loop for about a second
    // (docs/reliability-notes.md, "Hostile workbooks").
    (result) => {
      // What this thread still holds, heap and buffers, until it next collects.
      const { total_heap_size, external_memory } = getHeapStatistics();
      reply({
        id,
        result: result.ok && result.overLimit ? { ...result, records: [] } : result,
        heldBytes: total_heap_size + external_memory,
      });
    },
    // Only a fault of the reader's code throws; the keeper drops this thread on it.
    (error: unknown) =>
      reply({
        id,
        fault: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      }),
  );
});
