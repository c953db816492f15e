import {
  ActiveThemeSchema,
  AppearanceSettingsSchema,
  ErrorBodySchema,
  SwapApprovalSettingsSchema,
  WeightsBodySchema,
} from '@meridian/contracts';
import { WeightsSchema } from '@meridian/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { SettingsService } from '../services/settings.service';
import { requireRole, requireSignedIn } from '../http/authenticate';

/** Theme, appearance (with the music choice) and optimizer weight routes. */
export const settingsRoutes: FastifyPluginCallbackZod<{ settings: SettingsService }> = (
  app,
  { settings },
  done,
) => {
  const admin = requireRole('admin');
  const anyone = requireSignedIn();

  app.get(
    '/api/v1/theme/active',
    { onRequest: anyone, schema: { tags: ['settings'], response: { 200: ActiveThemeSchema } } },
    async () => ({ theme_name: await settings.getTheme() }),
  );

  app.get(
    '/api/v1/admin/appearance-settings',
    { onRequest: admin, schema: { tags: ['admin'], response: { 200: AppearanceSettingsSchema } } },
    () => settings.getAppearance(),
  );

  app.put(
    '/api/v1/admin/appearance-settings',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        body: AppearanceSettingsSchema,
        response: { 200: AppearanceSettingsSchema },
      },
    },
    (request) => settings.putAppearance(request.body),
  );

  app.get(
    '/api/v1/admin/settings/weights',
    { onRequest: admin, schema: { tags: ['admin'], response: { 200: WeightsSchema } } },
    () => settings.getWeights(),
  );

  app.put(
    '/api/v1/admin/settings/weights',
    {
      onRequest: admin,
      schema: { tags: ['admin'], body: WeightsBodySchema, response: { 200: WeightsSchema } },
    },
    (request) => settings.putWeights(request.body),
  );

  app.get(
    '/api/v1/admin/settings/swap-approval',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Whether accepted swaps are approved without a manager, and up to which rise of F',
        response: { 200: SwapApprovalSettingsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    () => settings.getSwapApproval(),
  );

  app.put(
    '/api/v1/admin/settings/swap-approval',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Approve accepted swaps automatically when they keep every hard rule and F rises by at most max_f_increase',
        body: SwapApprovalSettingsSchema,
        response: {
          200: SwapApprovalSettingsSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    (request) => settings.putSwapApproval(request.body),
  );

  done();
};
