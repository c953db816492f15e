/** Seconds since 1970 of 2100-01-01: a token expiry no test run reaches, read from no clock. */
const FAR_FUTURE_EXP = 4_102_444_800;

/** A JWT-shaped token the browser accepts (it never checks signatures), for `sub` in `role`. */
export const unsignedToken = (sub: string, role = 'manager') => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ sub, role, exp: FAR_FUTURE_EXP })}.signature`;
};
