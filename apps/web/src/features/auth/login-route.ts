import { LoginPage } from './components/login-page';

/** Lazy route module for /login. */
export const Component = LoginPage;
