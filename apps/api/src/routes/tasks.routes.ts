import { MessageSchema, TaskIdParamsSchema, TaskListSchema } from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../http/authenticate';
import type { TasksService } from '../tasks/tasks.service';

/** The task panel: active tasks and cancel (admin, manager or the task's owner). */
export const tasksRoutes: FastifyPluginCallbackZod<{ tasks: TasksService }> = (
  app,
  { tasks },
  done,
) => {
  const tags = ['tasks'];
  app.get(
    '/api/v1/tasks/active',
    {
      onRequest: requireSignedIn(),
      schema: { tags, summary: 'Queued and running tasks', response: { 200: TaskListSchema } },
    },
    (request) => tasks.listActive(request.user!),
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
    (request) => tasks.cancel(request.params.id, request.user!),
  );
  done();
};
