import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * How long a connection that was just refused (429 or 503) is not read from.
 * A refusal says Retry-After (at least 1 s). A client that asks again at once
 * anyway, as a flood does, keeps the event loop answering it, and every other
 * client's answer waits a turn of all such connections: 200 connections
 * re-asking at once put a refusal 70 to 136 ms behind (docs/reliability-notes.md,
 * 2026-11-27). Their next request is read a quarter of a second later instead,
 * which bounds each refused connection to 4 requests a second; a client that
 * honours Retry-After never notices.
 */
export const REFUSED_READ_PAUSE_MS = 250;

const REFUSALS = new Set([429, 503]);

/** Runs `resume` once the pause is over; a test holds it to look at the paused connection. */
export type ResumeLater = (resume: () => void) => void;

const afterPause: ResumeLater = (resume) => {
  setTimeout(resume, REFUSED_READ_PAUSE_MS).unref();
};

/** After each 429 or 503 is handed over, stops reading its connection until `later` resumes it. */
export function installRefusalPause(app: FastifyInstance, later: ResumeLater = afterPause): void {
  app.addHook('onResponse', (request, reply, done) => {
    const socket = request.raw.socket;
    // Injected requests (tests) have no real socket to pause.
    if (REFUSALS.has(reply.statusCode) && socket instanceof Socket && !socket.destroyed) {
      socket.pause();
      // A request refused before its body was read (a rate-limited sign-in) has that body read
      // away by Node after the answer, which resumes the connection on the next ticks: pause
      // it again once those have run.
      setImmediate(() => {
        if (!socket.destroyed) socket.pause();
      });
      later(() => socket.resume());
    }
    done();
  });
}
