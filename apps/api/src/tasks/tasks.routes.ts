import { MessageSchema, TaskIdParamsSchema, TaskListSchema } from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../auth/authenticate';
import type { WorkServices } from './work-services';

/** The task panel: active tasks and cancel (admin, manager or the task's owner). */
export const tasksRoutes: FastifyPluginCallbackZod<{ work: WorkServices }> = (
  app,
  { work },
  done,
) => {
  const tags = ['tasks'];
  app.get(
    '/api/v1/tasks/active',
    {
      onRequest: requireSignedIn(),
      schema: { tags, summary: 'Queued and running tasks', response: { 200: TaskListSchema } },
    },
    (request) => work.tasks.listActive(request.user!),
  );
  app.delete(
    '/api/v1/tasks/:id',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags,
        summary: 'Cancel a task; nothing it computed is written',
        params: TaskIdParamsSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      const answer = await work.tasks.cancel(request.params.id, request.user!);
      // This process may be the one running it: stop at once instead of at the next poll.
      work.runner.abort(request.params.id);
      return answer;
    },
  );
  done();
};
