/** Where a fresh sign-in lands when no page asked for it first (spec/000 §2: all-server). */
export const SIGNED_IN_HOME = '/servers';
