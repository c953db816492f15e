import { describe, expect, it } from 'vitest';
import { mergeFeed } from './notification-feed';

describe('mergeFeed', () => {
  const server = [
    { id: 7, message: 'Your job moved', created_at: '2026-11-28T10:00:00Z', read: false },
    { id: 6, message: 'Old notice', created_at: '2026-11-27T10:00:00Z', read: true },
  ];
  const session = [
    {
      id: 1,
      text: 'Run finished.',
      severity: 'success' as const,
      at: Date.parse('2026-11-28T11:00:00Z'),
      read: false,
    },
  ];

  it('lists what managers sent and this session happenings together, newest first', () => {
    const feed = mergeFeed(server, session);
    expect(feed.map((item) => item.text)).toEqual([
      'Run finished.',
      'Your job moved',
      'Old notice',
    ]);
    expect(feed.map((item) => [item.serverId, item.sessionId])).toEqual([
      [null, 1],
      [7, null],
      [6, null],
    ]);
  });

  it('counts as unread exactly the items the ticker shows', () => {
    const unread = mergeFeed(server, session).filter((item) => !item.read);
    expect(unread.map((item) => item.key)).toEqual(['s1', 'n7']);
  });
});
