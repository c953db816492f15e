import {
  ErrorBodySchema,
  MailStatusSchema,
  NoticeSettingsSchema,
  NoticeSettingsUpdateSchema,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole, requireSignedIn } from '../http/authenticate';
import type { NoticeSettingsService } from './notice-settings.service';

/** The error answers an operation documents, each a {detail} body. */
const errors = (...codes: (400 | 401 | 403 | 415 | 500)[]) =>
  Object.fromEntries(codes.map((code) => [code, ErrorBodySchema]));

/** Notice settings (each user's own) and the mail status (admins). */
export const mailRoutes: FastifyPluginCallbackZod<{ noticeSettings: NoticeSettingsService }> = (
  app,
  { noticeSettings },
  done,
) => {
  app.get(
    '/api/v1/me/notice-settings',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: ['me'],
        summary:
          'How your notices reach your e-mail (on or off, at once or a daily digest), and the address they go to',
        response: { 200: NoticeSettingsSchema, ...errors(401, 500) },
      },
    },
    (request) => noticeSettings.get(request.user!.id),
  );

  app.put(
    '/api/v1/me/notice-settings',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: ['me'],
        summary:
          'Choose whether notices reach your e-mail, and whether at once or in a daily digest',
        body: NoticeSettingsUpdateSchema,
        response: { 200: NoticeSettingsSchema, ...errors(400, 401, 415, 500) },
      },
    },
    (request) => noticeSettings.put(request.user!.id, request.body),
  );

  app.get(
    '/api/v1/admin/mail',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary:
          "Whether the server sends e-mail (SMTP_URL), and how notices' deliveries stand, with the latest failures",
        response: { 200: MailStatusSchema, ...errors(401, 403, 500) },
      },
    },
    () => noticeSettings.status(),
  );
  done();
};
