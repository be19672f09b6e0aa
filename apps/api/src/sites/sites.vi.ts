/** Vietnamese for the API messages of this area (Sites); the i18n test fails on a missing one. */
export const sitesVi: Record<string, string> = {};
