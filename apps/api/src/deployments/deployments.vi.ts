/** Vietnamese for the API messages of this area (Deployments and commands); the i18n test fails on a missing one. */
export const deploymentsVi: Record<string, string> = {};
