import { z } from 'zod';
import { RoleSchema } from '@meridian/domain';

/** Fewest characters of a new password (NIST SP 800-63B; docs/security.md). */
export const MIN_PASSWORD_LENGTH = 12;

/**
 * A new password: at least 12 characters, at most 128, no composition rules.
 * The server also refuses common and breached passwords (a list it holds
 * offline), which no schema can say; the refusal is a 400 naming the rule.
 */
export const PasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(128)
  .describe(
    'At least 12 characters; refused (400) when on the list of common and breached passwords, a simple pattern, or the username or e-mail',
  );
export const UsernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dot, dash and underscore');

const utf8 = new TextEncoder();

/** Longest sign-in password in UTF-8 bytes: argon2 takes any length, so an attacker would choose the largest. */
export const MAX_SIGN_IN_PASSWORD_BYTES = 1024;

/** POST /api/v1/token, form-encoded. Bounded so a sign-in costs the same whatever is sent. */
export const TokenRequestSchema = z.object({
  username: z.string().min(1).max(64, 'Username must be at most 64 characters'),
  password: z
    .string()
    .min(1)
    .refine(
      (value) => utf8.encode(value).byteLength <= MAX_SIGN_IN_PASSWORD_BYTES,
      `Password must be at most ${MAX_SIGN_IN_PASSWORD_BYTES} bytes`,
    ),
});
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /**
   * The password just used fails today's rule (it was set before the rule or
   * by the operator): the web asks for a new one before anything else. The
   * token says so too (`pcr`), so a reload asks again.
   */
  password_change_required: z.boolean().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** POST /api/v1/auth/register. */
export const RegisterRequestSchema = z.strictObject({
  username: UsernameSchema,
  email: z.email(),
  password: PasswordSchema,
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;
export const RegisterResponseSchema = z.object({ username: z.string() });

/** GET /api/v1/auth/registration (public): whether self-registration is offered at all. */
export const RegistrationStatusSchema = z.object({ open: z.boolean() });
export type RegistrationStatus = z.infer<typeof RegistrationStatusSchema>;

/** PUT /api/v1/me/password: the current password (checked like a sign-in) and a new one. */
export const ChangePasswordRequestSchema = z.strictObject({
  current_password: TokenRequestSchema.shape.password,
  new_password: PasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** Longest e-mail address (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

/** PUT /api/v1/me/email: the current password (checked like a sign-in) and the new address. */
export const ChangeEmailRequestSchema = z.strictObject({
  current_password: TokenRequestSchema.shape.password,
  email: z
    .email('Enter an e-mail address such as name@example.org')
    .max(MAX_EMAIL_LENGTH, `An e-mail address has at most ${MAX_EMAIL_LENGTH} characters`),
});
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequestSchema>;

/** Answer of PUT /api/v1/me/email: the address now in use and the sentence for the toast. */
export const EmailChangedSchema = z.object({
  email: z.string(),
  message: z.string(),
});
export type EmailChanged = z.infer<typeof EmailChangedSchema>;

/** POST /api/v1/auth/logout?everywhere=true ends every session of the user, not only this one. */
export const LogoutQuerySchema = z.strictObject({
  everywhere: z.enum(['true', 'false']).optional(),
});

/** The claims of the session token (HS256 JWT); `pcr`: a new password is required first. */
export const TokenClaimsSchema = z.object({
  sub: z.string(),
  role: RoleSchema,
  exp: z.number(),
  pcr: z.boolean().optional(),
});
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;
