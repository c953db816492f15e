import { RunDetailSchema, RunListSchema, type RunDetail } from '@meridian/contracts';
import { expect } from 'vitest';
import type { TestApp } from './support/test-app';
import { readStream } from './tasks-fixture';

/** Calls an app's API as its manager (or with another token), with an optional JSON body. */
export type ManagerApi = ReturnType<typeof managerApi>;

/** `t`'s API called as its manager (or with another token), with an optional JSON body. */
export function managerApi(t: TestApp) {
  return (method: 'GET' | 'POST', url: string, body?: unknown, token = t.tokens.manager) =>
    t.app.inject({ method, url, headers: t.bearer(token), ...(body ? { payload: body } : {}) });
}

/** The detail of the newest optimisation run, as the manager sees it. */
export async function newestRun(t: TestApp): Promise<RunDetail> {
  const api = managerApi(t);
  const [newest] = RunListSchema.parse((await api('GET', '/api/v1/runs')).json());
  return RunDetailSchema.parse((await api('GET', `/api/v1/runs/${newest!.id}`)).json());
}

/**
 * Starts an optimisation as the manager does from the web (optionally capped
 * at `maxIterations`), streams it to its end and returns the new run's detail.
 */
export async function optimiseAndWait(
  t: TestApp,
  algorithm: string,
  maxIterations?: number,
): Promise<RunDetail> {
  const cap = maxIterations === undefined ? '' : `&max_iterations=${maxIterations}`;
  const res = await managerApi(t)('POST', `/api/v1/optimize/assign?algorithm=${algorithm}${cap}`);
  expect(res.statusCode).toBe(202);
  const { events } = await readStream(
    t,
    `/api/v1/optimize/stream/${res.json<{ task_id: string }>().task_id}`,
  );
  expect(events.at(-1)!.data).toMatchObject({ type: 'complete' });
  return newestRun(t);
}
