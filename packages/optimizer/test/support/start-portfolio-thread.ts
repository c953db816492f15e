// Child-process fixture of worker-code.test.ts: starts one portfolio member
// thread the way a run does (startSolveWorkers), solves a small instance on
// it and prints the result's status. Run with TMPDIR set to the folder under test.
import { startSolveWorkers } from '../../src/runtime/worker-runner';
import { randomInstance } from '../fixtures';

const [thread] = startSolveWorkers(randomInstance(3, 20, 6), 1);
try {
  const result = await thread!.run({ algorithm: 'heuristic', timeLimitMs: 30_000, seed: 1 });
  console.log(`status=${result.status}`);
} finally {
  await thread!.close();
}
