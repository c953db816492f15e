import type { NewUser } from '../../src/services/users.service';
import type { TestApp } from './test-app';

interface NewUserOptions {
  readonly role?: NewUser['role'];
  /** `${name}-password-1` unless given. */
  readonly password?: string;
}

/**
 * A fresh account that one test may spend (sign it out, revoke, delete or
 * change it) without touching the shared admin, manager and regular users;
 * its address is `${name}@example.org`.
 */
export async function newUser(t: TestApp, name: string, options: NewUserOptions = {}) {
  const { role = 'regular', password = `${name}-password-1` } = options;
  const user = await t.app.services.users.create({
    username: name,
    email: `${name}@example.org`,
    password,
    role,
  });
  return { user, id: user.id, name, password };
}

/** newUser, signed in once: with its token. */
export async function newSignedInUser(t: TestApp, name: string, options: NewUserOptions = {}) {
  const account = await newUser(t, name, options);
  return { ...account, token: await t.login(name, account.password) };
}
