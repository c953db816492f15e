import { AWAITED_TASK_KINDS, PANEL_TASK_KINDS, TASK_KINDS } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { TASK_KIND_MODULES, taskKindModules } from '../src/kinds/registry';

/**
 * The kind modules (src/kinds/<kind>/) against the contracts' TASK_KINDS,
 * which the web reads: what one side says of a kind the other must agree with.
 */
describe('task kind modules', () => {
  const queued = {
    type: 'optimization' as const,
    name: 'A task',
    algorithm: null,
    algorithms: ['greedy'],
    createdBy: 1,
    weights: null,
    seed: 1,
    timeLimitMs: 20_000,
    total: 3,
  };

  it('declare one module per kind of the contract, under its own key', () => {
    expect(Object.keys(TASK_KIND_MODULES).sort()).toEqual(Object.keys(TASK_KINDS).sort());
    for (const [key, module] of Object.entries(TASK_KIND_MODULES)) expect(module.type).toBe(key);
  });

  it('wait in queues of their own', () => {
    const queues = taskKindModules().map((m) => m.queue);
    expect(new Set(queues).size).toBe(queues.length);
  });

  it('stream exactly the kinds the task panel follows, starting with a message their contract accepts', () => {
    for (const module of taskKindModules()) {
      const followed = module.type in PANEL_TASK_KINDS;
      expect({ type: module.type, streams: module.stream !== null }).toEqual({
        type: module.type,
        streams: followed,
      });
      expect(module.queuedEvent !== null).toBe(followed);
      if (module.stream === null || module.queuedEvent === null) continue;
      const first = module.queuedEvent({ ...queued, type: module.type }, 'Queued');
      expect(module.stream.safeParse(first).success).toBe(true);
    }
    for (const type of Object.keys(AWAITED_TASK_KINDS)) {
      expect(TASK_KIND_MODULES[type as keyof typeof AWAITED_TASK_KINDS].stream).toBeNull();
    }
  });

  it('show a kind to everyone exactly when the contract says it changes the schedule', () => {
    for (const module of taskKindModules()) {
      expect({ type: module.type, everyone: module.audience === 'everyone' }).toEqual({
        type: module.type,
        everyone: TASK_KINDS[module.type].changesSchedule,
      });
    }
  });

  it('let managers and admins start every kind, and regular users only the kinds that change nothing', () => {
    for (const module of taskKindModules()) {
      expect(module.mayStart).toEqual(expect.arrayContaining(['admin', 'manager']));
      if (TASK_KINDS[module.type].changesSchedule) expect(module.mayStart).not.toContain('regular');
    }
  });
});
