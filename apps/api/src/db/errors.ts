/** Whether a database error is a unique violation (SQLSTATE 23505), on PostgreSQL and PGlite alike. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
