import { z } from 'zod';

/** The three account roles (a visitor without a token is a guest). */
export const RoleSchema = z.enum(['regular', 'manager', 'admin']);
export type Role = z.infer<typeof RoleSchema>;

/** Admins and managers run the schedule: import, edit, optimise, assign kits. */
export const canManageSchedule = (role: Role): boolean => role === 'admin' || role === 'manager';

/** Only admins reach /admin (users, appearance, music, weights). */
export const isAdmin = (role: Role): boolean => role === 'admin';
