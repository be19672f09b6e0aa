import '@tanstack/react-query';

/** What a query or mutation tells the global error handling (app/query-client.ts). */
interface ErrorHandlingMeta {
  /** false: the caller shows every failure itself (the app info failure screen, say). */
  handleErrors?: boolean;
  /** A 404 shows the not-found view (spec/000 §8), so it is not reported again; others are. */
  notFoundView?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorHandlingMeta;
    mutationMeta: ErrorHandlingMeta;
  }
}
