import { describe, expect, it } from 'vitest';
import type { NotificationList } from '@meridian/contracts';
import { isListCurrent } from './notifications-stream';

const notice = (id: number, read: boolean) => ({
  id,
  message: `Notice ${id}`,
  created_at: '2026-11-30T09:00:00Z',
  read,
});
/** Newest first, as GET /notifications answers. */
const list: NotificationList = { items: [notice(7, false), notice(4, true)], unread: 1 };

describe('isListCurrent', () => {
  it("holds when the list shows the event's newest notice and unread count", () => {
    expect(isListCurrent(list, { unread: 1, latest_id: 7 })).toBe(true);
  });

  it('fails on a newer notice, so the list and the schedule are read again', () => {
    expect(isListCurrent(list, { unread: 2, latest_id: 8 })).toBe(false);
  });

  it('fails on a changed unread count alone (read in another tab)', () => {
    expect(isListCurrent(list, { unread: 0, latest_id: 7 })).toBe(false);
  });

  it('fails before the list has been read at all', () => {
    expect(isListCurrent(undefined, { unread: 0, latest_id: null })).toBe(false);
  });

  it('holds for an empty list and a user with no notices', () => {
    expect(isListCurrent({ items: [], unread: 0 }, { unread: 0, latest_id: null })).toBe(true);
  });
});
