import type { RuntimeConfig } from '../config/config';
import { generatePassword } from '../security/password';
import type { UsersRepository } from '../repositories/users.repository';
import type { UsersService } from './users.service';

/** Result of the first-start check: who was created and the generated password, if any. */
export interface BootstrapResult {
  created: boolean;
  username: string;
  /** Set only when the password was generated (printed once, never stored in clear). */
  generatedPassword: string | null;
}

/** When there are no users at all, creates ADMIN_USERNAME with ADMIN_PASSWORD or a random password. */
export async function bootstrapAdmin(
  config: Pick<RuntimeConfig, 'adminUsername' | 'adminPassword'>,
  users: UsersRepository,
  service: UsersService,
): Promise<BootstrapResult> {
  const username = config.adminUsername;
  if ((await users.count()) > 0) return { created: false, username, generatedPassword: null };
  const password = config.adminPassword ?? generatePassword();
  // The address is a placeholder in a reserved domain (RFC 2606); the admin can create a real account.
  await service.create(
    {
      username,
      email: `${username.toLowerCase()}@admin.invalid`,
      password,
      role: 'admin',
    },
    { fromOperator: true },
  );
  return {
    created: true,
    username,
    generatedPassword: config.adminPassword === null ? password : null,
  };
}
