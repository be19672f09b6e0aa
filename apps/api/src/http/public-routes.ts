declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * true on routes that answer without a session on purpose (health, app info, the spec's public
     * and partner endpoints). The route-auth test fails on any other route that does.
     */
    public?: boolean;
  }
}

export {};
