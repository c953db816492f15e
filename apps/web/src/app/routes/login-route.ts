import { LoginPage } from '../../features/auth/components/login-page';

/** Lazy route module for /login. */
export const Component = LoginPage;
