import { z } from 'zod';
import { THEMES } from '@meridian/domain';
import { ThemeNameSchema } from './settings';

/**
 * A user's own theme choice: the organisation's theme (the admin's choice),
 * their device's light or dark setting (prefers-color-scheme), or one of the
 * eight themes by name.
 */
export const THEME_CHOICES = ['organisation', 'device', ...THEMES] as const;
export const ThemeChoiceSchema = z.enum(THEME_CHOICES, {
  error: `must be one of: ${THEME_CHOICES.join(', ')}`,
});
export type ThemeChoice = z.infer<typeof ThemeChoiceSchema>;

/** GET/PUT /api/v1/me/appearance: the user's choice and the theme the admin set for everyone. */
export const MyAppearanceSchema = z.object({
  theme_choice: ThemeChoiceSchema,
  organisation_theme: ThemeNameSchema,
});
export type MyAppearance = z.infer<typeof MyAppearanceSchema>;

/** PUT /api/v1/me/appearance: the choice, nothing else. */
export const MyAppearanceUpdateSchema = z.strictObject({ theme_choice: ThemeChoiceSchema });
export type MyAppearanceUpdate = z.infer<typeof MyAppearanceUpdateSchema>;
