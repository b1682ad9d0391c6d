/** The Database Manager opened on one type, searched for an item's name (the links of requests marked done). */
export function databaseManagerLink(type: string, search: string): string {
  return `/MasterData?${new URLSearchParams({ type, q: search }).toString()}`;
}
