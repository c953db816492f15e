import { evaluateObjective } from '@meridian/domain';
import type { Instance, JobAssignment } from '@meridian/domain';
import { planChanges } from './diff';
import { buildRepairModel } from './model';
import { RepairSearch } from './search';
import type { Absence, RepairOptions, RepairResult } from './types';

const DEFAULT_MAX_NODES = 2_000_000;

/**
 * The smallest repair of `current` when `absence` happens: fewest slots left
 * unfilled, then fewest locked slots broken, then fewest changed slots, then
 * the lowest F. Only the absent one's slots in the window and the slots a
 * move empties change; slots empty today stay empty. Objectives are the
 * domain evaluator's on the instance with the absence added.
 */
export function planRepair(
  instance: Instance,
  current: readonly JobAssignment[],
  absence: Absence,
  options: RepairOptions = {},
): RepairResult {
  const model = buildRepairModel(instance, current, absence);
  const search = new RepairSearch(model, instance.weights, options.maxNodes ?? DEFAULT_MAX_NODES);
  const outcome = search.run();
  const assignments = model.plan.map((row) => ({ ...row }));
  const fields = { lead: 'lead_id', data_acq: 'data_acq_id', kit: 'kit_id' } as const;
  const unfilled: RepairResult['unfilled'] = [];
  model.slots.forEach((slot, index) => {
    const holder = outcome.holders[index]!;
    // Untouched slots keep their value, even an id the instance does not know.
    if (holder === slot.original) return;
    const row = assignments[slot.job]!;
    row[fields[slot.name]] = holder < 0 ? null : model.resourceIds[holder]!;
    if (holder < 0) unfilled.push({ job_id: row.job_id, slot: slot.name });
  });
  const changes = planChanges(model.supposed, model.plan, assignments);
  return {
    changes,
    unfilled,
    objective_before: evaluateObjective(model.supposed, model.plan),
    objective_after: evaluateObjective(model.supposed, assignments),
    assignments,
    locked_changes: changes.filter((c) => c.locked).length,
    exact: outcome.exact,
    nodes: outcome.nodes,
  };
}
