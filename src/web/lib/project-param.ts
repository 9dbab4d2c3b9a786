/**
 * The open report's id from /?project={id} (spec §2), or null when there is none or it is not an
 * id. A negative id is a report made on this device with no signal, not on the server yet.
 */
export function parseProjectParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('project');
  if (raw === null || !/^-?\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id !== 0 && Math.abs(id) <= 2_147_483_647 ? id : null;
}
