import { z } from 'zod';
import { RowIdParamsSchema } from './ids';
import { RoleSchema, UserSchema } from '@meridian/domain';
import { PasswordSchema, UsernameSchema } from './auth';

export const UserListSchema = z.array(UserSchema);

/** POST /api/v1/admin/users. */
export const CreateUserRequestSchema = z.strictObject({
  username: UsernameSchema,
  email: z.email(),
  password: PasswordSchema,
  role: RoleSchema.default('regular'),
});
export type CreateUserRequest = z.input<typeof CreateUserRequestSchema>;

/** PUT /api/v1/admin/users/{id}: editing a user changes only the role. */
export const UpdateUserRoleRequestSchema = z.strictObject({ role: RoleSchema });

/** POST /api/v1/admin/users/{id}/password. */
export const ResetPasswordRequestSchema = z.strictObject({ new_password: PasswordSchema });

export const UserIdParamsSchema = RowIdParamsSchema;
