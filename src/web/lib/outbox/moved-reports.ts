// A report made on this device has a local (negative) id until the server makes it; then the open
// editor moves to the server's id. The page keys the open report by the id it was opened with, so
// moving it keeps everything on screen (a half-typed name, the camera) instead of remounting.
const firstIds = new Map<number, number>();

/** Records that the report opened as `localId` is now `serverId` on the server. */
export function recordReportMoved(localId: number, serverId: number): void {
  firstIds.set(serverId, localId);
}

/** The id the report was first opened with on this page: its local id if it was made here offline. */
export function firstIdOf(projectId: number): number {
  return firstIds.get(projectId) ?? projectId;
}

/** A new local id for a report made with no signal: negative, so it is never a server's id. */
export function newLocalProjectId(): number {
  return -(crypto.getRandomValues(new Uint32Array(1))[0]! % 2_000_000_000) - 1;
}
