import { z } from 'zod';
import { RoleSchema } from '@meridian/domain';

/** Passwords: at least 8 characters, at most 128, no composition rules (SECURITY.md). */
export const PasswordSchema = z.string().min(8, 'Password must be at least 8 characters').max(128);
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

/** The claims of the session token (HS256 JWT). */
export const TokenClaimsSchema = z.object({ sub: z.string(), role: RoleSchema, exp: z.number() });
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;
