/** Vietnamese for the API messages of this area (Site web server configs and logs); the i18n test fails on a missing one. */
export const siteConfigsVi: Record<string, string> = {};
