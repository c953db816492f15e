import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database';
import { busNotificationSignal } from '../src/services/notifications-stream';
import { PgTaskEventBus } from '../src/tasks/task-event-bus';

// Notifications arrive live on every API node: a notice stored through one
// process wakes the notification streams another process serves, through
// the task event bus's LISTEN/NOTIFY. Two buses stand for two nodes.
const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && url !== undefined && url !== '';

const opened: { database: Database; buses: PgTaskEventBus[] }[] = [];
afterAll(async () => {
  for (const { database, buses } of opened) {
    for (const bus of buses) await bus.close();
    await database.close();
  }
});

describe.runIf(onPostgres)('notification wake-ups across API nodes (PostgreSQL)', () => {
  it("wakes only the user's streams on the other node", async () => {
    const database = await createDatabase({ databaseUrl: url!, dataDir: '' });
    const fail = (error: unknown) => {
      throw error;
    };
    const nodeA = new PgTaskEventBus(url!, database.db, fail);
    const nodeB = new PgTaskEventBus(url!, database.db, fail);
    opened.push({ database, buses: [nodeA, nodeB] });
    await nodeA.start();
    await nodeB.start();
    // A user id no other test file uses, since NOTIFY reaches the whole database.
    const userId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    const woken: number[] = [];
    const arrived = new Promise<void>((resolve) => {
      nodeB.subscribe(`notifications:user:${userId}`, () => {
        woken.push(userId);
        resolve();
      });
    });
    let otherWoken = false;
    nodeB.subscribe(`notifications:user:${userId + 1}`, () => {
      otherWoken = true;
    });
    await busNotificationSignal(nodeA).wake([userId]);
    await arrived;
    expect(woken).toEqual([userId]);
    expect(otherWoken).toBe(false);
  });
});
