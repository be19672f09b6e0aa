declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * true on routes that answer without a session on purpose (health, app info, the spec's public
     * and partner endpoints). The route-auth test fails on any other route that does.
     */
    public?: boolean;
    /**
     * true on routes a signed-in user may call before verifying the email address (sign-out, the
     * profile, resending the verification mail…). Every other non-public route answers 403 to an
     * unverified user (spec/000 §2: all routes need a verified email unless noted).
     */
    allowUnverified?: boolean;
    /**
     * true on public routes that never look at the caller (the SPA's static files): the session is
     * not looked up, which spares a database query for each of a page's ~90 assets.
     */
    sessionless?: boolean;
  }
}

export {};
