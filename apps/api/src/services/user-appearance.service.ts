import {
  ThemeChoiceSchema,
  type MyAppearance,
  type MyAppearanceUpdate,
  type ThemeChoice,
} from '@meridian/contracts';
import type { UserAppearanceRepository } from '../repositories/user-appearance.repository';
import type { SettingsService } from './settings.service';

/** Who has not chosen follows the admin's theme, as everyone did before own choices. */
const DEFAULT_CHOICE: ThemeChoice = 'organisation';

/** Each user's own theme choice, answered with the organisation's theme it sits beside. */
export class UserAppearanceService {
  constructor(
    private readonly choices: UserAppearanceRepository,
    private readonly settings: SettingsService,
  ) {}

  /** The user's choice (the default when none, or when a stored value no longer names a theme). */
  async get(userId: number): Promise<MyAppearance> {
    const [stored, organisationTheme] = await Promise.all([
      this.choices.get(userId),
      this.settings.getTheme(),
    ]);
    const parsed = ThemeChoiceSchema.safeParse(stored);
    return {
      theme_choice: parsed.success ? parsed.data : DEFAULT_CHOICE,
      organisation_theme: organisationTheme,
    };
  }

  /** Stores the user's choice; answers it as now stored. */
  async put(userId: number, update: MyAppearanceUpdate): Promise<MyAppearance> {
    await this.choices.put(userId, update.theme_choice);
    return this.get(userId);
  }
}
