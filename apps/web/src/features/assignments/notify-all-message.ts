import { NOTIFY_ALL_MESSAGE_MAX } from '@meridian/contracts';
import type { Job } from '@meridian/domain';

const datesOf = (job: Pick<Job, 'start' | 'end'>) =>
  job.start === null
    ? 'dates not set'
    : job.start === job.end || job.end === null
      ? job.start
      : `${job.start} to ${job.end}`;

/** What the dialog offers to send about a job, for the manager to edit. */
export function defaultNotifyAllMessage(job: Pick<Job, 'id' | 'customer' | 'start' | 'end'>) {
  const customer = job.customer.trim() || `Job ${job.id}`;
  return `About ${customer} (${datesOf(job)}): the plan for this job has changed. See My schedule for your jobs.`;
}

/** Why a message cannot be sent (the server's own limits), or null when it can. */
export function notifyAllMessageProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'Write a message to send.';
  if (trimmed.length > NOTIFY_ALL_MESSAGE_MAX)
    return `At most ${NOTIFY_ALL_MESSAGE_MAX} characters (this one has ${trimmed.length}).`;
  return null;
}
