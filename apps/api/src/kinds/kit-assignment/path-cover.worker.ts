import { parentPort, workerData } from 'node:worker_threads';
import { assignKitsPathCover } from '@meridian/optimizer/kits';
import type { PathCoverInput, PathCoverReply } from './path-cover-thread';

// Entry of a kit path-cover thread: one cover of the jobs and kits it was
// started with, posted back once; the thread then ends.
const { jobs, kits } = workerData as PathCoverInput;
let reply: PathCoverReply;
try {
  reply = { ok: true, result: assignKitsPathCover(jobs, kits) };
} catch (error) {
  reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
}
parentPort!.postMessage(reply);
