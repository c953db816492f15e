/**
 * A task failure whose message is written for the user (what went wrong and
 * what to do). Any other error thrown by a task is internal: its text is
 * logged, and the user sees only INTERNAL_TASK_ERROR.
 */
export class TaskFailure extends Error {}

/** What a user is told when a task fails for a reason that is not theirs to fix. */
export const INTERNAL_TASK_ERROR =
  'The task failed because of an internal error; nothing was changed';

/** What one failed algorithm of a comparison or single run shows instead of internal text. */
export const INTERNAL_ALGORITHM_ERROR = 'This algorithm failed because of an internal error';

/** The text a client may see for `error`: its own message only when written for users. */
export function userFacingMessage(error: unknown, fallback = INTERNAL_TASK_ERROR): string {
  return error instanceof TaskFailure ? error.message : fallback;
}
