import { QueryClient } from '@tanstack/react-query';
import type { PlanWindow } from '@meridian/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orgTodayForRule } from './org-today';
import { queryKeys } from './query-keys';

// A day no browser clock in these tests reads: only the server's answer can give it.
const SERVER_WINDOW: PlanWindow = { today: '2001-02-03', published_through: null };

describe('orgTodayForRule: the day a rule the server checks is judged by', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the server when its answer has not arrived, and keeps it for the screens', async () => {
    const client = new QueryClient();
    let answer: (window: PlanWindow) => void = () => {};
    const asked = vi.fn(() => new Promise<PlanWindow>((resolve) => (answer = resolve)));
    const today = orgTodayForRule(client, asked);
    let settled = false;
    void today.then(() => (settled = true));
    // Every pending promise step runs before a macrotask: still unsettled means it waits.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    answer(SERVER_WINDOW);
    expect(await today).toBe('2001-02-03');
    expect(asked).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(queryKeys.planWindow)).toEqual(SERVER_WINDOW);
  });

  it('uses an answer already there without asking again', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.planWindow, SERVER_WINDOW);
    const asked = vi.fn(() => Promise.reject(new Error('not asked')));
    expect(await orgTodayForRule(client, asked)).toBe('2001-02-03');
    expect(asked).not.toHaveBeenCalled();
  });

  it("falls back to the browser's date in the default zone (Chicago) when the server fails", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 03:00 UTC on 15 June is still 14 June in Chicago (UTC-5 in summer).
    vi.setSystemTime(new Date('2030-06-15T03:00:00Z'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const failing = () => Promise.reject(new Error('offline'));
    expect(await orgTodayForRule(client, failing)).toBe('2030-06-14');
  });
});
