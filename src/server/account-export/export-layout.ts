// Names and texts inside the account export's ZIP: a folder per report, photos named by pair (or
// position) and type, and the CSV files. Pure functions, so the layout is tested without a server.

/** Characters Windows, macOS or a ZIP reader would refuse or misread in a folder name (with the control characters). */
const UNSAFE_NAME_CHARACTERS = /[<>:"/\\|?*]+/g;

const isControlCharacter = (character: string) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f;

/** Typed text as part of a file name: no character a file system refuses, one space at a time, at most `maxLength` long. */
function safeNamePart(text: string, maxLength: number): string {
  return [...text]
    .map((character) => (isControlCharacter(character) ? ' ' : character))
    .join('')
    .replace(UNSAFE_NAME_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .replace(/[. ]+$/, '');
}

/** `reports/2026-03-04 Zoë Ångström (12)/`: sorted by date in any file browser; the id keeps names unique. */
export function reportFolder(report: { id: number; clientName: string; createdAt: Date }): string {
  const date = report.createdAt.toISOString().slice(0, 10);
  const client = safeNamePart(report.clientName, 80);
  return `reports/${date}${client ? ` ${client}` : ''} (${report.id})/`;
}

/** An area's name inside a photo's file name: `Main bathroom` -> `-main-bathroom`; nothing without an area. */
function areaPart(areaName: string | null | undefined): string {
  const part = safeNamePart(areaName ?? '', 40)
    .toLocaleLowerCase('en')
    .replace(/[ .]+/g, '-');
  return part ? `-${part}` : '';
}

/** Two digits, or as many as the largest number needs: names sort in order. */
function numbered(index: number, count: number): string {
  return String(index).padStart(Math.max(2, String(count).length), '0');
}

/** `pair-01-before.jpg`, `pair-03-kitchen-after.jpg`: the n-th pair, in the order the report shows its pairs, and its area. */
export function pairPhotoName(pairNumber: number, pairCount: number, type: 'before' | 'after', areaName?: string | null): string {
  return `pair-${numbered(pairNumber, pairCount)}${areaPart(areaName)}-${type}.jpg`;
}

/** `photo-07-after.jpg`, `photo-08-hallway-before.jpg`: a photo in no pair, numbered by its place among the report's photos. */
export function unpairedPhotoName(photoNumber: number, photoCount: number, type: 'before' | 'after', areaName?: string | null): string {
  return `photo-${numbered(photoNumber, photoCount)}${areaPart(areaName)}-${type}.jpg`;
}

/** `issue-01.jpg`: the photo a client sent with their n-th issue on the report. */
export function issuePhotoName(issueNumber: number, issueCount: number): string {
  return `issue-${numbered(issueNumber, issueCount)}.jpg`;
}

/** `approval-01-signature.png`: the signature the client drew on their n-th approval. */
export function approvalSignatureName(approvalNumber: number, approvalCount: number): string {
  return `approval-${numbered(approvalNumber, approvalCount)}-signature.png`;
}

/** RFC 4180: every field quoted; a leading =, +, - or @ is prefixed with ' so spreadsheets do not run it as a formula. */
export function csvLine(fields: ReadonlyArray<string | number | null>): string {
  return `${fields
    .map((field) => {
      const text = field === null ? '' : String(field);
      const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
      return `"${safe.replace(/"/g, '""')}"`;
    })
    .join(',')}\r\n`;
}

export const REPORTS_CSV_HEADER = ['id', 'created_at', 'client_name', 'client_id', 'description', 'status', 'folder', 'photos', 'pairs', 'pdf'] as const;
export const CLIENTS_CSV_HEADER = ['id', 'name', 'email', 'phone', 'address', 'notes', 'created_at'] as const;

export function exportReadme(generatedAt: Date): string {
  return `CleanProof export
=================

Everything in your CleanProof account on ${generatedAt.toISOString()} (UTC).

reports.csv     One line per report: its id, date, client (and the client's id in clients.csv),
                description, whether it is open or finished, its folder, and how many photos
                and pairs it has.
clients.csv     Your clients, one line each.
reports/        One folder per report, named "date client (id)". In each:
  pair-01-before.jpg, pair-01-after.jpg, ...
                The before and after photo of each pair, in the order the report shows them:
                the same JPEG files CleanProof stores and shows. In a report made from a
                template, the area is in the name too: pair-03-kitchen-after.jpg.
  photo-07-after.jpg, ...
                Photos that are in no pair, numbered by their place among the report's photos.
  report.pdf    The report as CleanProof makes it for your clients. A report without a pair, or
                an account without a business name, has none.
  report.json   The report's data: client, description, dates, its areas, and for each photo
                its file name, area, when it was taken and received, its size and its SHA-256
                checksum (the checksum the app shows as proof that the photo is unchanged); and
                your client's answers: their approvals and the issues they raised.
  issue-01.jpg, approval-01-signature.png
                A photo your client sent with an issue; the signature they drew to approve.

Dates and times are in UTC (ISO 8601). The CSV files are UTF-8, comma-separated, every field in
double quotes.
`;
}
