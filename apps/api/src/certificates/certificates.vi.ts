/** Vietnamese for the API messages of this area (SSL certificates); the i18n test fails on a missing one. */
export const certificatesVi: Record<string, string> = {};
