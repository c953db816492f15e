import { MessageSchema } from '@meridian/contracts';
import type { TaskSettings } from '../../config/task-settings';
import type { AuthUser } from '../../http/fastify-types';
import type { AwaitedTasks } from '../../tasks/awaited-tasks';

/**
 * The most a kit cover may run: past it (plus the settings' awaitSlackMs for
 * the queue) POST /kits/assign cancels the task, which stops its thread and
 * writes nothing. The exact cover takes seconds at hundreds of jobs on a busy machine.
 */
export const KIT_ASSIGNMENT_LIMIT_MS = 240_000;

/**
 * The request side of kit assignment (KitAssignmentRun runs it): queues one
 * and answers its message in the request. One queued or running in all (a
 * partial unique index): a second is answered 409, since it would solve the
 * same schedule and race the first one's write.
 */
export class KitAssignmentRequests {
  constructor(
    private readonly awaited: AwaitedTasks,
    private readonly taskSettings: TaskSettings,
  ) {}

  /** Runs the kit cover on a worker; answers the sentence that sums it up. */
  async assign(user: AuthUser): Promise<{ message: string }> {
    const row = await this.awaited.run(
      {
        type: 'kit_assignment',
        name: 'Kit assignment',
        algorithm: null,
        algorithms: null,
        createdBy: user.id,
        // The cover uses no weights and no seed: it is exact (pins aside).
        weights: null,
        seed: 0,
        timeLimitMs: KIT_ASSIGNMENT_LIMIT_MS,
        total: 1,
      },
      KIT_ASSIGNMENT_LIMIT_MS + this.taskSettings.awaitSlackMs,
    );
    return MessageSchema.parse(row.results);
  }
}
