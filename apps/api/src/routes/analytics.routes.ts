import { AnalyticsSummarySchema, PhysicistBreakdownListSchema } from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../http/authenticate';
import type { AnalyticsService } from '../services/analytics.service';
import type { ExplainService } from '../services/explain.service';

/**
 * Analytics: the summary and the per-physicist breakdown; any signed-in role.
 * Comparisons and single runs are task kinds (kinds/comparison/, kinds/single-run/).
 */
export const analyticsRoutes: FastifyPluginCallbackZod<{
  analytics: AnalyticsService;
  explain: ExplainService;
}> = (app, { analytics, explain }, done) => {
  const anyone = requireSignedIn();
  const tags = ['analytics'];

  app.get(
    '/api/v1/analytics/summary',
    { onRequest: anyone, schema: { tags, response: { 200: AnalyticsSummarySchema } } },
    () => analytics.summary(),
  );
  app.get(
    '/api/v1/analytics/physicists',
    {
      onRequest: anyone,
      schema: {
        tags,
        summary: 'Per physicist: jobs against their fair-share target, miles and rotation repeats',
        response: { 200: PhysicistBreakdownListSchema },
      },
    },
    () => explain.breakdown(),
  );
  done();
};
