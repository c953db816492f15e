import type { TaskStarted, WhatIfRequest } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthUser } from '../../http/fastify-types';
import { notFound } from '../../http/http-error';
import type { KitsRepository } from '../../repositories/kits.repository';
import type { PhysicistsRepository } from '../../repositories/physicists.repository';
import type { ProposalsRepository, StoredAbsence } from '../../plan-history/proposals.repository';
import type { TasksService } from '../../tasks/tasks.service';
import type { SettingsService } from '../../services/settings.service';

/** A what-if's search budget in time: the repair is exact long before this on real plans. */
const WHAT_IF_TIME_LIMIT_MS = 60_000;

/** The request side of a what-if: checks who is out and queues the repair (WhatIfRun). */
export class WhatIfRequests {
  constructor(
    private readonly tasks: TasksService,
    private readonly settings: SettingsService,
    private readonly physicists: PhysicistsRepository,
    private readonly kits: KitsRepository,
    private readonly proposals: ProposalsRepository,
  ) {}

  /**
   * Queues a what-if; its pending proposal is stored with the task, for the
   * worker to fill. `alongside` writes in the same transaction, knowing both
   * (an approved leave request records its leave and decision so); when it
   * throws, nothing is stored or queued.
   */
  async start(
    body: WhatIfRequest,
    user: AuthUser,
    alongside?: (trx: Kysely<DB>, refs: { taskId: string; proposalId: number }) => Promise<void>,
  ): Promise<TaskStarted & { proposal_id: number }> {
    const absence = await this.absence(body);
    const days =
      absence.start === absence.end ? absence.start : `${absence.start} to ${absence.end}`;
    let proposalId = 0;
    const started = await this.tasks.create(
      {
        type: 'what_if',
        name: `What if ${absence.name} is out ${days}`,
        algorithm: null,
        algorithms: null,
        createdBy: user.id,
        weights: await this.settings.getWeights(),
        seed: 1,
        timeLimitMs: WHAT_IF_TIME_LIMIT_MS,
        total: 100,
      },
      async (trx, taskId) => {
        proposalId = await this.proposals.insertPending(
          { taskId, source: 'what_if', absence, algorithm: null, createdBy: user.id },
          trx,
        );
        await alongside?.(trx, { taskId, proposalId });
      },
    );
    return { ...started, proposal_id: proposalId };
  }

  private async absence(body: WhatIfRequest): Promise<StoredAbsence> {
    const { start, end } = body;
    if (body.physicist_id !== undefined) {
      const physicist = await this.physicists.find(body.physicist_id);
      if (!physicist) throw notFound(`Physicist ${body.physicist_id} not found`);
      return { kind: 'physicist', id: physicist.id, name: physicist.name, start, end };
    }
    const kit = await this.kits.find(body.kit_id!);
    if (!kit) throw notFound(`Kit ${body.kit_id} not found`);
    return { kind: 'kit', id: kit.id, name: kit.name, start, end };
  }
}
