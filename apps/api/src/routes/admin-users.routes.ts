import {
  CreateUserRequestSchema,
  LinkSuggestionListSchema,
  NoContentSchema,
  ResetPasswordRequestSchema,
  UpdateUserRequestSchema,
  UserIdParamsSchema,
  UserListSchema,
} from '@meridian/contracts';
import { UserSchema } from '@meridian/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { ListName } from '../services/list-sources';
import type { ListSnapshots } from '../services/list-snapshots';
import type { UsersService } from '../services/users.service';
import { requireRole } from '../http/authenticate';
import { sendCachedJson } from '../http/cached-json';

/** User management (the /admin screen's first tab), admin only. */
export const adminUsersRoutes: FastifyPluginCallbackZod<{
  users: UsersService;
  lists: ListSnapshots<ListName>;
}> = (app, { users, lists }, done) => {
  const onRequest = requireRole('admin');
  const tags = ['admin'];

  app.get(
    '/api/v1/admin/users',
    { onRequest, schema: { tags, summary: 'List users', response: { 200: UserListSchema } } },
    async (request, reply) => sendCachedJson(request, reply, await lists.get('users')),
  );

  app.post(
    '/api/v1/admin/users',
    {
      onRequest,
      // A taken username or e-mail, or a physicist already linked to another account.
      config: { answers: [409] },
      schema: {
        tags,
        summary: 'Create a user',
        body: CreateUserRequestSchema,
        response: { 201: UserSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await users.create(request.body)),
  );

  app.put(
    '/api/v1/admin/users/:id',
    {
      onRequest,
      // A taken username or e-mail, or a physicist already linked to another account.
      config: { answers: [409] },
      schema: {
        tags,
        summary:
          "Change a user's role (ends that user's sessions) and/or link the account to a physicist (physicist_id; null unlinks)",
        params: UserIdParamsSchema,
        body: UpdateUserRequestSchema,
        response: { 200: UserSchema },
      },
    },
    (request) => users.update(request.params.id, request.body),
  );

  app.get(
    '/api/v1/admin/users/link-suggestions',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Accounts whose name or e-mail matches a physicist, offered as links for an admin to confirm',
        response: { 200: LinkSuggestionListSchema },
      },
    },
    () => users.linkSuggestions(),
  );

  app.delete(
    '/api/v1/admin/users/:id',
    {
      // The last admin cannot be deleted.
      config: { answers: [409] },
      onRequest,
      schema: {
        tags,
        summary: 'Delete a user',
        params: UserIdParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await users.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/admin/users/:id/password',
    {
      onRequest,
      schema: {
        tags,
        summary: "Reset a user's password (ends that user's sessions)",
        params: UserIdParamsSchema,
        body: ResetPasswordRequestSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await users.resetPassword(request.params.id, request.body.new_password);
      return reply.code(204).send(null);
    },
  );
  done();
};
