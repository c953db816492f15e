import { QueryClient } from '@tanstack/react-query';
import type { Task } from '@meridian/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastApi } from '../../components/toast/toast-context';
import { pushNotification } from '../../lib/notifications';
import { queryKeys } from '../../lib/query-keys';
import { followComparison, followOptimisation, type ComparisonState } from './follow-task';

vi.mock('../../lib/notifications', () => ({
  pushNotification: vi.fn(),
}));

const task = (type: Task['type']): Task => ({
  id: 't1',
  type,
  name: type === 'optimization' ? 'Optimization (Simple, Fast)' : 'Comparison of 2 algorithms',
  status: 'running',
  progress: 0,
  total: type === 'optimization' ? 100 : 2,
  message: '',
  elapsed_time: 0,
  estimated_total_time: null,
  results: null,
  algorithm: type === 'optimization' ? 'heuristic' : null,
});

/** The server's stream: the given messages with ids 1, 2, ..., then the end. */
const serve = (...messages: unknown[]) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(
          messages.map((m, i) => `id: ${i + 1}\ndata: ${JSON.stringify(m)}\n\n`).join(''),
          { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
        ),
      ),
    ),
  );

let queryClient: QueryClient;
let toast: { [K in keyof ToastApi]: ReturnType<typeof vi.fn> };
const deps = () => ({
  queryClient,
  toast: toast as unknown as ToastApi,
  signal: new AbortController().signal,
});

beforeEach(() => {
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: vi.fn(), removeItem: vi.fn() });
  // removeTaskLater's 5 s timer is not this test's business.
  vi.stubGlobal('window', { setTimeout: vi.fn(), dispatchEvent: vi.fn() });
  queryClient = new QueryClient();
  toast = { show: vi.fn(), success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
  vi.mocked(pushNotification).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const cached = () => queryClient.getQueryData<Task[]>(queryKeys.activeTasks)?.[0];

describe('following an optimisation', () => {
  beforeEach(() => queryClient.setQueryData(queryKeys.activeTasks, [task('optimization')]));

  it("shows someone else's cancel as cancelled: no failure toast, no 'failed' ticker line", async () => {
    serve(
      { type: 'progress', progress: 10, message: 'x', estimated_total_time: 20, elapsed_time: 1 },
      { type: 'error', message: 'Cancelled by manager1', status: 'cancelled' },
    );
    await followOptimisation(task('optimization'), deps());
    expect(cached()?.status).toBe('cancelled');
    expect(toast.error).not.toHaveBeenCalled();
    expect(vi.mocked(pushNotification).mock.calls).toEqual([
      ['Optimization (Simple, Fast): Cancelled by manager1.', 'info'],
    ]);
  });

  it('reports a failure (and an event stored before statuses existed) as failed', async () => {
    serve({ type: 'error', message: 'Pinned assignments break hard constraints' });
    await followOptimisation(task('optimization'), deps());
    expect(cached()?.status).toBe('error');
    expect(toast.error).toHaveBeenCalledWith(
      'Task Optimization (Simple, Fast) failed: Pinned assignments break hard constraints',
    );
    expect(vi.mocked(pushNotification).mock.calls).toEqual([
      ['Optimization (Simple, Fast) failed.', 'error'],
    ]);
  });
});

describe('following a comparison', () => {
  beforeEach(() => queryClient.setQueryData(queryKeys.activeTasks, [task('comparison')]));

  it('shows a cancel made elsewhere as cancelled, keeping the results so far', async () => {
    const results = {
      heuristic: {
        algorithm: 'heuristic',
        total_distance: 10,
        workload_stats: null,
        summary: null,
        error: null,
        status: 'feasible',
        objective_total: 1010,
        filled_slots: 2,
        total_slots: 2,
        elapsed_ms: 12,
      },
    };
    serve(
      {
        type: 'update',
        status: 'Running',
        progress: 1,
        total: 2,
        results,
        estimated_total_time: 6,
      },
      { type: 'error', message: 'Cancelled by manager1', status: 'cancelled' },
    );
    await followComparison(task('comparison'), deps());
    const state = queryClient.getQueryData<ComparisonState>(queryKeys.comparison('t1'));
    expect(state).toMatchObject({ status: 'cancelled', error: null, results });
    expect(cached()?.status).toBe('cancelled');
    expect(toast.error).not.toHaveBeenCalled();
  });
});
