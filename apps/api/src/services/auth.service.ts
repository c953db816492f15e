import type { RegisterRequest } from '@meridian/contracts';
import type { RegistrationPolicy } from '../config/config';
import type { AuthUser } from '../http/fastify-types';
import { HttpError, forbidden, unauthorized } from '../http/http-error';
import type { UsersRepository } from '../repositories/users.repository';
import type { SessionUsers } from './session-users';
import type { UsersService } from './users.service';
import type { TokenSigner } from '../security/jwt';
import type { LoginThrottle } from '../security/login-throttle';
import { verifyAgainstDummy, verifyPassword } from '../security/password';

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;

const LOGIN_FAILED = 'Incorrect username or password';

/** Sign-in and self-registration rules. */
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly signer: TokenSigner,
    private readonly throttle: LoginThrottle,
    private readonly registration: RegistrationPolicy,
    private readonly sessionUsers: SessionUsers,
  ) {}

  /** Resolves a bearer token to the current user, or null: never trusts the token's role alone. */
  async userFromBearer(header: string | undefined): Promise<AuthUser | null> {
    const match = header === undefined ? null : BEARER.exec(header.trim());
    if (match?.[1] === undefined) return null;
    const claims = await this.signer.verify(match[1]);
    if (claims === null) return null;
    const row = await this.sessionUsers.find(claims.uid);
    // Deleted user (a re-created username has another id and key), password reset or role
    // change (a new key), a renamed user, or an edited role claim.
    if (
      row === null ||
      row.token_key !== claims.key ||
      row.username !== claims.sub ||
      row.role !== claims.role
    )
      return null;
    return { id: row.id, username: row.username, role: row.role };
  }

  /** Seconds until sign-ins from this address are accepted again (0: now); judged before the body is read. */
  async signInRetryAfterSeconds(address: string): Promise<number> {
    return this.throttle.addressRetryAfterSeconds(address);
  }

  /** Counts a sign-in refused before its credentials were checked (413, 400) against its address. */
  async recordRefusedSignIn(address: string): Promise<void> {
    await this.throttle.recordAddressFailure(address);
  }

  /** Checks credentials and issues a token; the same 401 for unknown users and wrong passwords. */
  async login(username: string, password: string, address: string): Promise<string> {
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
    return this.signer.sign({
      sub: user.username,
      role: user.role,
      uid: user.id,
      key: user.token_key,
    });
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
