/** Per-query options read by the shared QueryClient (src/app/query-client.ts). */
export type ApiQueryMeta = {
  /** false: the screen shows the failure itself, so no blocking error dialog. */
  errorDialog?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ApiQueryMeta;
    mutationMeta: ApiQueryMeta;
  }
}
