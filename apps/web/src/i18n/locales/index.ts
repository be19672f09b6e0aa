/** Both catalogues, for tests and types; the SPA itself loads `vi.ts` only when it is needed. */
export { en, enAreas } from './en-all';
export { vi, viAreas } from './vi';
