/** Both catalogues, for tests and types; the SPA itself loads `vi.ts` only when it is needed. */
export { en, enAreas, enSectionEvents, enSections } from './en-all';
export { vi, viAreas, viSectionEvents, viSections } from './vi';
