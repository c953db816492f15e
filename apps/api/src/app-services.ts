import path from 'node:path';
import type { Kysely } from 'kysely';
import { BackgroundStore } from './backgrounds/background-store';
import { BackgroundsService } from './backgrounds/backgrounds.service';
import { AuthService } from './auth/auth.service';
import { TokenSigner } from './auth/jwt';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle, type ThrottleLimits } from './auth/login-throttle';
import type { RuntimeConfig } from './config/config';
import type { DB } from './db/schema';
import { createSchedulingServices, type SchedulingServices } from './schedule/scheduling-services';
import { SettingsRepository } from './settings/settings.repository';
import { SettingsService } from './settings/settings.service';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';

/** Every repository and service of the app, built once per app and injected into routes. */
export interface AppServices {
  db: Kysely<DB>;
  signer: TokenSigner;
  usersRepository: UsersRepository;
  users: UsersService;
  auth: AuthService;
  settings: SettingsService;
  /** Background videos of the login landing (files in DATA_DIR/media/backgrounds). */
  backgrounds: BackgroundsService;
  /** Jobs, roster, leave, zips, import/export, candidates and manual assignment. */
  scheduling: SchedulingServices;
}

/** Wires repositories and services over one database handle (no singletons). */
export function createServices(
  config: RuntimeConfig,
  db: Kysely<DB>,
  throttleLimits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
): AppServices {
  const signer = new TokenSigner(config.jwtSecret, config.tokenTtlMinutes);
  const usersRepository = new UsersRepository(db);
  const users = new UsersService(db, usersRepository);
  const auth = new AuthService(
    usersRepository,
    users,
    signer,
    new LoginThrottle(throttleLimits),
    config.registration,
  );
  const backgroundStore = new BackgroundStore(path.join(config.dataDir, 'media', 'backgrounds'));
  const settings = new SettingsService(
    new SettingsRepository(db),
    path.join(config.dataDir, 'media', 'music'),
    (name) => backgroundStore.has(name),
  );
  const backgrounds = new BackgroundsService(backgroundStore, settings);
  const scheduling = createSchedulingServices(db);
  return { db, signer, usersRepository, users, auth, settings, backgrounds, scheduling };
}
