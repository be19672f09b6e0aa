/** Vietnamese for the messages of teams and the access policy. */
export const teamsVi: Record<string, string> = {};
