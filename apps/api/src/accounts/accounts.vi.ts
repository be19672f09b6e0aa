/** Vietnamese for the messages of accounts (sign-in, registration, profile, two-factor, mail). */
export const accountsVi: Record<string, string> = {};
