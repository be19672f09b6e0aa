/**
 * The query operators tests use to read and arrange rows directly (`db().select()…where(eq(…))`).
 * Production code reaches the database only through repositories (*.repository.ts, database/);
 * tests and test support import drizzle from here only, so that boundary stays one lint rule
 * (eslint.config.js).
 */
export { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
