import {
  PlanWindowAnswerSchema,
  PublishAnswerSchema,
  PublishPreviewQuerySchema,
  PublishPreviewSchema,
  PublishRequestSchema,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole, requireSignedIn } from '../http/authenticate';
import type { PlanWindowService } from './plan-window.service';

/** The planning window: read it (anyone signed in), publish the plan through a date (managers). */
export const planWindowRoutes: FastifyPluginCallbackZod<{ planWindow: PlanWindowService }> = (
  app,
  { planWindow },
  done,
) => {
  const managers = requireRole('admin', 'manager');
  const tags = ['plan'];

  app.get(
    '/api/v1/plan/window',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags,
        summary: "Today in the organisation's time zone and the date the plan is published through",
        response: { 200: PlanWindowAnswerSchema },
      },
    },
    () => planWindow.window(),
  );

  app.get(
    '/api/v1/plan/publish-preview',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Who a publish through a date would tell, and how many jobs it would publish',
        querystring: PublishPreviewQuerySchema,
        response: { 200: PublishPreviewSchema },
      },
    },
    (request) => planWindow.preview(request.query.through),
  );

  app.post(
    '/api/v1/plan/publish',
    {
      // Publishing only moves forward.
      config: { answers: [409] },
      onRequest: managers,
      schema: {
        tags,
        summary:
          'Publish the plan through a date; tells each linked physicist of published jobs new or changed since they were last told',
        body: PublishRequestSchema,
        response: { 200: PublishAnswerSchema },
      },
    },
    (request) => planWindow.publish(request.body.through, request.user!.username),
  );

  done();
};
