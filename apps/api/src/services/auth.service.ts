import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  RegisterRequest,
} from '@meridian/contracts';
import type { RegistrationPolicy } from '../config/config';
import type { AuthUser } from '../http/fastify-types';
import { HttpError, badRequest, forbidden, unauthorized } from '../http/http-error';
import type { RevokedTokensRepository } from '../repositories/revoked-tokens.repository';
import type { UsersRepository } from '../repositories/users.repository';
import type { SessionUsers } from './session-users';
import type { UsersService } from './users.service';
import type { TokenSigner, VerifiedClaims } from '../security/jwt';
import type { LoginThrottle } from '../security/login-throttle';
import { verifyAgainstDummy, verifyPassword } from '../security/password';
import { judgePassword } from '../security/password-rule';

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;

const LOGIN_FAILED = 'Incorrect username or password';
const WRONG_CURRENT = 'Your current password is not correct';

/** A new session: its token, and whether the password it was opened with must be changed first. */
export interface SignedIn {
  token: string;
  passwordChangeRequired: boolean;
}

/** Sign-in and self-registration rules. */
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly signer: TokenSigner,
    private readonly throttle: LoginThrottle,
    private readonly registration: RegistrationPolicy,
    private readonly sessionUsers: SessionUsers,
    private readonly revokedTokens: RevokedTokensRepository,
  ) {}

  /** Resolves a bearer token to the current user, or null: never trusts the token's role alone. */
  async userFromBearer(header: string | undefined): Promise<AuthUser | null> {
    return (await this.sessionFromBearer(header))?.user ?? null;
  }

  /** The token's claims and its current user, or null when the token does not stand. */
  async sessionFromBearer(
    header: string | undefined,
  ): Promise<{ user: AuthUser; claims: VerifiedClaims } | null> {
    const match = header === undefined ? null : BEARER.exec(header.trim());
    if (match?.[1] === undefined) return null;
    const claims = await this.signer.verify(match[1]);
    if (claims === null) return null;
    const row = await this.sessionUsers.findSession(claims.uid, claims.jti);
    // A signed-out token, a deleted user (a re-created username has another id and key), a
    // password reset or change, a role change or "sign out everywhere" (a new key), a renamed
    // user, or an edited role claim.
    if (
      row === null ||
      row.token_key !== claims.key ||
      row.username !== claims.sub ||
      row.role !== claims.role
    )
      return null;
    return { user: { id: row.id, username: row.username, role: row.role }, claims };
  }

  /** Seconds until sign-ins from this address are accepted again (0: now); judged before the body is read. */
  async signInRetryAfterSeconds(address: string): Promise<number> {
    return this.throttle.addressRetryAfterSeconds(address);
  }

  /** Counts a sign-in refused before its credentials were checked (413, 400) against its address. */
  async recordRefusedSignIn(address: string): Promise<void> {
    await this.throttle.recordAddressFailure(address);
  }

  /**
   * Checks credentials and issues a token; the same 401 for unknown users and
   * wrong passwords. A password that fails today's rule still signs in, but
   * the answer and the token say it must be changed first.
   */
  async login(username: string, password: string, address: string): Promise<SignedIn> {
    const wait = await this.throttle.retryAfterSeconds(username, address);
    if (wait > 0) {
      throw new HttpError(429, `Too many failed sign-in attempts; try again in ${wait} s`, {
        'retry-after': String(wait),
      });
    }
    const user = await this.users.findByLogin(username);
    // One argon2 verification either way, so timing does not reveal whether the user exists.
    const isValid =
      user === undefined
        ? await verifyAgainstDummy(password)
        : await verifyPassword(user.password_hash, password);
    if (user === undefined || !isValid) {
      await this.throttle.recordFailure(username, address);
      throw unauthorized(LOGIN_FAILED);
    }
    await this.throttle.recordSuccess(username);
    const passwordChangeRequired = (await judgePassword(password, user)) !== null;
    const token = await this.signer.sign({
      sub: user.username,
      role: user.role,
      uid: user.id,
      key: user.token_key,
      ...(passwordChangeRequired ? { pcr: true } : {}),
    });
    return { token, passwordChangeRequired };
  }

  /**
   * Ends this one token on every node (its id is kept until it would expire),
   * or, with `everywhere`, every session of the user (a new token key).
   */
  async logout(user: AuthUser, claims: VerifiedClaims, everywhere: boolean): Promise<void> {
    if (everywhere) {
      await this.users.rotateTokenKey(user.id);
      return;
    }
    await this.revokedTokens.revoke(claims.jti, user.id, new Date(claims.exp * 1000));
  }

  /**
   * The user's own password change. A wrong current password counts as a
   * failed sign-in of the account (the same throttle, so this route cannot be
   * used to guess); the new one must pass the rule and differ from the old.
   * The new hash draws a new token key, which ends every other session and the
   * calendar feed (migration 0019); the caller gets a fresh token and stays
   * signed in.
   */
  async changePassword(
    user: AuthUser,
    input: ChangePasswordRequest,
    address: string,
  ): Promise<SignedIn> {
    const row = await this.provenBy(user, input.current_password, address);
    if (input.new_password === input.current_password)
      throw badRequest('The new password must differ from the current one');
    const updated = await this.usersService.changePassword(row, input.new_password);
    const token = await this.signer.sign({
      sub: updated.username,
      role: updated.role,
      uid: updated.id,
      key: updated.token_key,
    });
    return { token, passwordChangeRequired: false };
  }

  /**
   * The user's own e-mail change, proven by the current password as a
   * password change is (the same throttle). Sessions go on: the token does
   * not carry the address. The old address is told (UsersService.changeEmail).
   */
  async changeEmail(
    user: AuthUser,
    input: ChangeEmailRequest,
    address: string,
  ): Promise<{ email: string }> {
    const row = await this.provenBy(user, input.current_password, address);
    const updated = await this.usersService.changeEmail(row, input.email);
    return { email: updated.email };
  }

  /** The account's e-mail address (GET /auth/me). */
  async emailOf(user: AuthUser): Promise<string> {
    const row = await this.users.findById(user.id);
    if (row === undefined) throw unauthorized();
    return row.email;
  }

  /**
   * The account's row once `password` proves it is theirs: a wrong one counts
   * as a failed sign-in of the account (403), so these routes cannot be used
   * to guess; 429 while that throttle holds.
   */
  private async provenBy(user: AuthUser, password: string, address: string) {
    const wait = await this.throttle.retryAfterSeconds(user.username, address);
    if (wait > 0) {
      throw new HttpError(429, `Too many failed attempts; try again in ${wait} s`, {
        'retry-after': String(wait),
      });
    }
    const row = await this.users.findById(user.id);
    if (row === undefined) throw unauthorized();
    if (!(await verifyPassword(row.password_hash, password))) {
      await this.throttle.recordFailure(user.username, address);
      throw forbidden(WRONG_CURRENT);
    }
    return row;
  }

  /** Whether anyone may self-register (REGISTRATION open or domain:...). */
  registrationOpen(): boolean {
    return this.registration.mode !== 'closed';
  }

  /** Creates a regular account when REGISTRATION allows it; 409 on a taken username or e-mail. */
  async register(input: RegisterRequest): Promise<string> {
    const policy = this.registration;
    switch (policy.mode) {
      case 'open':
        break;
      case 'closed':
        throw forbidden('Registration is closed; ask an administrator for an account');
      case 'domain': {
        const domain = input.email.split('@').pop()?.toLowerCase() ?? '';
        if (!policy.domains.includes(domain)) {
          throw forbidden(`Registration is limited to addresses at ${policy.domains.join(', ')}`);
        }
        break;
      }
    }
    const user = await this.usersService.create({ ...input, role: 'regular' });
    return user.username;
  }
}
