import { errorMessage } from '../../../lib/api-client';

/** The catalogue's text for an admin list that failed to load (toast and inline alert). */
export const fetchFailure = (error: unknown): string =>
  `Failed to fetch admin data: ${errorMessage(error)}`;
