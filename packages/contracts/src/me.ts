import { z } from 'zod';
import { RoleSchema } from '@meridian/domain';

/**
 * GET /api/v1/auth/me: who the token belongs to (name, e-mail, role), as the server sees the
 * account now, and what the screens may offer them. can_edit_kits is true for
 * admins, managers and the regular users named in KIT_EDITOR_USERNAMES, the
 * same rule the kit routes enforce.
 */
export const CurrentUserSchema = z.object({
  username: z.string(),
  /** The account's e-mail address: where notices' mail goes (PUT /me/email changes it). */
  email: z.string(),
  role: RoleSchema,
  can_edit_kits: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
