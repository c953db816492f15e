/**
 * "Today" for the browser tests' server (PLAN_TODAY): before the tests' job
 * dates (2026-03 on), so those jobs are to come, and fixed, so no test's
 * verdict depends on the day it runs. A test that needs past jobs makes
 * them before this date.
 */
export const E2E_TODAY = '2026-01-05';
