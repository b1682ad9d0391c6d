/** The Database Manager opened on one type, searched for an item's name (issue 9 §3 done links). */
export function databaseManagerLink(type: string, search: string): string {
  return `/MasterData?${new URLSearchParams({ type, q: search }).toString()}`;
}
