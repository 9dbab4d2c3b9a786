// DELETE /api/user against the real app, on PGlite or PostgreSQL (TEST_DATABASE=postgres) and a
// photo folder or an S3 bucket (TEST_PHOTO_STORE=s3): afterwards no row of every table and no
// stored file of the business remains (reports, clients, templates, crew, invites, sends), its
// sessions and its crew's end, reset links and client links stop working, and another account is
// untouched. Stripe's side (the SDK against a stand-in of its API) at the end.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionStatus, UpgradeResponse } from '../../shared/contract/billing.js';
import { errorMessage } from '../../shared/error-codes.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, uniqueEmail, type TestClient } from '../test-support/test-client.js';
import { invite, join, type CrewMember } from '../test-support/crew-helpers.js';
import { addPhoto, createProject, listPhotoFiles, uploadRawPhoto } from '../test-support/project-helpers.js';
import { answerAsClient, ownerWithSharedReport, visit, type SharedFixture } from '../test-support/share-link-helpers.js';
import { makePhotoJpeg } from '../test-support/photo-fixtures.js';
import { findResetLink, waitForOutboxMail } from '../test-support/mail-text.js';
import { snapshotDatabase, diffSnapshots } from '../hardening/support/db-snapshot.js';
import { STAND_IN_STRIPE_CONFIG, startStripeStandIn, type StripeStandIn } from '../test-support/stripe-stand-in.js';
import { createStripeBillingProvider } from '../billing/stripe.js';

type Target = 'users' | 'businesses' | 'projects' | 'photos';
interface ReferenceColumn {
  table: string;
  column: string;
  target: Target;
}

const deleteAccount = (client: TestClient, body: unknown) => client.request<{ code?: string; message: string }>('DELETE', '/api/user', body);

/**
 * Every column of every table that points at a user, a report or a photo: by foreign key, or by a
 * name that says so (a column added without its foreign key is walked too), plus users.id itself.
 */
async function referenceColumns(t: TestApp): Promise<ReferenceColumn[]> {
  const byForeignKey = await t.query<{ table: string; column: string; target: string }>(sql`
    select c.conrelid::regclass::text as "table", a.attname as "column", c.confrelid::regclass::text as target
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f'`);
  const byName = await t.query<{ table: string; column: string }>(sql`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = 'public' and (column_name in ('user_id', 'business_id', 'project_id') or column_name like '%photo_id')`);
  const targetOfName = (column: string): Target =>
    column === 'user_id' ? 'users' : column === 'business_id' ? 'businesses' : column === 'project_id' ? 'projects' : 'photos';
  const all: ReferenceColumn[] = [
    { table: 'users', column: 'id', target: 'users' },
    { table: 'businesses', column: 'id', target: 'businesses' },
    ...byForeignKey.filter((row): row is ReferenceColumn => ['users', 'businesses', 'projects', 'photos'].includes(row.target)),
    ...byName.map((row) => ({ ...row, target: targetOfName(row.column) })),
  ];
  return [...new Map(all.map((ref) => [`${ref.table}.${ref.column}`, ref])).values()];
}

/** The ids of what an account owns, read before it is deleted. */
interface AccountIds {
  users: number[];
  businesses: number[];
  projects: number[];
  photos: number[];
}

async function idsOf(t: TestApp, userId: number): Promise<AccountIds> {
  const [business] = await t.query<{ id: number }>(sql`select business_id as id from users where id = ${userId}`);
  const businessId = business!.id;
  const projects = (await t.query<{ id: number }>(sql`select id from projects where business_id = ${businessId}`)).map((row) => row.id);
  const photos = (await t.query<{ id: number }>(sql`select p.id from photos p join projects r on r.id = p.project_id where r.business_id = ${businessId}`)).map(
    (row) => row.id,
  );
  // The owner and every member: their sessions, sign-in links and photos are the business's too.
  const members = (await t.query<{ id: number }>(sql`select id from users where business_id = ${businessId}`)).map((row) => row.id);
  return { users: [...new Set([userId, ...members])], businesses: [businessId], projects, photos };
}

/** Rows per `table.column` that point at the account's user, reports or photos (zero counts left out). */
async function rowsReferencing(t: TestApp, ids: AccountIds): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const ref of await referenceColumns(t)) {
    const wanted = ids[ref.target];
    if (wanted.length === 0) continue;
    const list = sql.join(
      wanted.map((id) => sql`${id}`),
      sql`, `,
    );
    const [row] = await t.query<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(ref.table)} where ${sql.identifier(ref.column)} in (${list})`,
    );
    if (row && row.n > 0) counts[`${ref.table}.${ref.column}`] = row.n;
  }
  return counts;
}

/** Tables whose row text holds any of these strings (an email, a token, a file key), with how many rows. */
async function rowsContaining(t: TestApp, needles: string[]): Promise<Record<string, number>> {
  const tables = await t.query<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    for (const needle of needles) {
      const [row] = await t.query<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)} t where t::text like ${`%${needle}%`}`);
      if (row && row.n > 0) found[`${name} ~ ${needle}`] = row.n;
    }
  }
  return found;
}

async function storedKeysOf(t: TestApp, userId: number): Promise<string[]> {
  const rows = await t.query<{ key: string | null }>(sql`
    select p.storage_key as key from photos p join projects r on r.id = p.project_id join users u on u.business_id = r.business_id where u.id = ${userId}
    union all select p.thumbnail_key from photos p join projects r on r.id = p.project_id join users u on u.business_id = r.business_id where u.id = ${userId}
    union all select business_logo_key from users where id = ${userId}
    union all select a.signature_key from project_approvals a join projects r on r.id = a.project_id join users u on u.business_id = r.business_id where u.id = ${userId}
    union all select i.photo_key from client_issues i join projects r on r.id = i.project_id join users u on u.business_id = r.business_id where u.id = ${userId}`);
  return rows.map((row) => row.key).filter((key): key is string => key !== null);
}

async function uploadLogo(client: TestClient): Promise<void> {
  const response = await client.post('/api/user/logo', undefined, { raw: await makePhotoJpeg(120, 60), headers: { 'content-type': 'image/jpeg' } });
  if (response.status !== 200) throw new Error(`logo upload failed: ${response.status} ${response.text}`);
}

/** A subscription paid with the sandbox's test card (after the trial, so it is active and renewing). */
async function subscribeInSandbox(t: TestApp, client: TestClient): Promise<void> {
  const upgrade = await client.post<UpgradeResponse>('/api/upgrade-subscription');
  expect(upgrade.status).toBe(200);
  const confirm = await client.post<SubscriptionStatus>('/api/billing/sandbox/confirm', { clientSecret: upgrade.body.clientSecret });
  expect(confirm.status).toBe(200);
  expect(confirm.body.subscriptionActive || confirm.body.trialActive).toBe(true);
}

interface Account {
  fixture: SharedFixture;
  userId: number;
  password: string;
  /** Members of the business: one who signs in with an email and password, one who joined with a name only. */
  crew: { manager: CrewMember & { email: string }; cleaner: CrewMember };
}

/**
 * What a business has besides its owner's reports: a manager (email and password) and a cleaner (a
 * name only) who joined from invites, an invite still waiting, a sign-in link for the cleaner, the
 * cleaner's own report with a photo, a client with a report made for them from the business's own
 * template (its areas), and that report sent to the client by email.
 */
async function addBusinessData(t: TestApp, owner: TestClient): Promise<Account['crew']> {
  const managerEmail = uniqueEmail('manager');
  const manager = {
    ...(await join(t, await invite(owner, 'manager'), { name: 'Marta', email: managerEmail, password: 'manager password' })),
    email: managerEmail,
  };
  const cleaner = await join(t, await invite(owner, 'cleaner', 'Ana'), { name: 'Ana' });
  await invite(owner, 'cleaner', 'Luis');
  expect((await owner.post(`/api/team/members/${cleaner.user.id}/sign-in-link`)).status).toBe(200);
  const cleanersReport = await createProject(cleaner.client);
  expect((await uploadRawPhoto(cleaner.client, cleanersReport.id, 'before', await makePhotoJpeg(64, 48, { seed: 96 }))).status).toBe(201);

  const client = await owner.post<{ id: number }>('/api/clients', { name: 'Zoë Client', email: 'zoe@example.com' });
  expect(client.status).toBe(201);
  const template = await owner.post<{ id: string }>('/api/templates', { name: 'Garage job', areas: [{ name: 'Garage', minBefore: 1, minAfter: 1 }] });
  expect(template.status).toBe(201);
  const templated = await owner.post<{ id: number; areas: { id: number }[] }>('/api/projects', { templateId: template.body.id, clientId: client.body.id });
  expect(templated.status, templated.text).toBe(201);
  const areaId = templated.body.areas[0]!.id;
  const [before, after] = await Promise.all(
    (['before', 'after'] as const).map(async (type, i) => {
      const photo = await owner.post<{ id: number }>(`/api/projects/${templated.body.id}/photos?type=${type}&areaId=${areaId}`, undefined, {
        raw: await makePhotoJpeg(64, 48, { seed: 94 + i }),
        headers: { 'content-type': 'image/jpeg' },
      });
      expect(photo.status, photo.text).toBe(201);
      return photo.body.id;
    }),
  );
  expect((await owner.post(`/api/projects/${templated.body.id}/photo-pairs`, { beforePhotoId: before, afterPhotoId: after })).status).toBe(201);
  expect((await owner.post(`/api/projects/${templated.body.id}/send`, { to: 'zoe@example.com' })).status).toBe(202);
  return { manager, cleaner };
}

/** An account with everything one can have: two reports (one shared, answered by the client), photos sent with keys, a logo, a subscription, two sessions, a reset link. */
async function fullAccount(t: TestApp, businessName: string): Promise<Account> {
  const fixture = await ownerWithSharedReport(t, { pairCount: 2, businessName });
  const { owner } = fixture;
  const second = await owner.post<{ id: number }>(
    '/api/projects',
    { clientName: 'Second job', description: '' },
    { headers: { 'idempotency-key': randomUUID() } },
  );
  expect(second.status).toBe(201);
  const keyed = await uploadRawPhoto(owner, second.body.id, 'before', await makePhotoJpeg(64, 48, { seed: 99 }), 'image/jpeg');
  expect(keyed.status).toBe(201);
  const withKey = await owner.post(`/api/projects/${second.body.id}/photos?type=after`, undefined, {
    raw: await makePhotoJpeg(64, 48, { seed: 98 }),
    headers: { 'content-type': 'image/jpeg', 'idempotency-key': randomUUID() },
  });
  expect(withKey.status).toBe(201);
  await uploadLogo(owner);
  // The client answers on the link: an issue with a photo, and an approval with a drawn signature.
  await answerAsClient(t, fixture);
  await subscribeInSandbox(t, owner);
  const crew = await addBusinessData(t, owner);
  const [user] = await t.query<{ id: number }>(sql`select id from users where email = ${fixture.email}`);
  return { fixture, userId: user!.id, password: 'correct horse', crew };
}

let t: TestApp;
let alice: Account;
let bob: Account;
/** A second browser where Alice is signed in too. */
let alicePhone: TestClient;
let aliceResetToken: string;

beforeAll(async () => {
  t = await startTestApp({ env: { MAIL_OUTBOX: 'true' } });
  alice = await fullAccount(t, 'Alice Cleaning');
  bob = await fullAccount(t, 'Bob Cleaning');
  alicePhone = t.client();
  expect((await alicePhone.post('/api/login', { email: alice.fixture.email, password: alice.password })).status).toBe(200);
  const sentAfter = Date.now() - 1;
  expect((await t.client().post('/api/forgot-password', { email: alice.fixture.email })).status).toBe(200);
  const mail = await waitForOutboxMail(path.join(t.dataDir, 'outbox'), alice.fixture.email, { after: sentAfter });
  aliceResetToken = new URL(findResetLink(mail)).searchParams.get('token') ?? '';
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('DELETE /api/user', () => {
  it('refuses a wrong or missing password (403 wrong_password, 400) and changes nothing', async () => {
    const before = await snapshotDatabase(t.db);
    const files = await listPhotoFiles(t);
    const wrong = await deleteAccount(alice.fixture.owner, { password: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 'wrong_password', message: errorMessage('wrong_password') });
    const missing = await deleteAccount(alice.fixture.owner, {});
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('password_required');
    expect(diffSnapshots(before, await snapshotDatabase(t.db))).toEqual([]);
    expect(await listPhotoFiles(t)).toEqual(files);
    expect((await alice.fixture.owner.get('/api/user')).status).toBe(200);
  });

  it('needs a signed-in owner', async () => {
    expect((await deleteAccount(t.client(), { password: 'correct horse' })).status).toBe(401);
  });

  it('leaves no row in any table and no stored file of the account; ends every session; the reset link and client link stop working; another account is untouched', async () => {
    const aliceIds = await idsOf(t, alice.userId);
    const bobIds = await idsOf(t, bob.userId);
    const aliceKeys = await storedKeysOf(t, alice.userId);
    const bobKeys = await storedKeysOf(t, bob.userId);
    const aliceCustomer = (await t.query<{ id: string }>(sql`select provider_customer_id as id from subscriptions where user_id = ${alice.userId}`))[0]!.id;
    const aliceNeedles = [
      alice.fixture.email,
      alice.crew.manager.email,
      alice.fixture.link.token,
      aliceCustomer,
      `logos/${alice.userId}/`,
      ...aliceIds.projects.map((id) => `projects/${id}/`),
      ...aliceIds.projects.map((id) => `client-answers/${id}/`),
    ];

    // The walk finds every kind of row the account has before deleting, so finding none afterwards means something.
    const aliceRowsBefore = await rowsReferencing(t, aliceIds);
    for (const column of [
      'users.id',
      'sessions.user_id',
      'password_reset_tokens.user_id',
      'projects.business_id',
      'projects.created_by',
      'users.business_id',
      'photos.taken_by',
      'photos.project_id',
      'photo_pairs.project_id',
      'share_links.project_id',
      'subscriptions.user_id',
      'sandbox_subscriptions.user_id',
      'project_create_keys.user_id',
      'photo_upload_keys.user_id',
      'client_issues.project_id',
      'project_approvals.project_id',
      'team_invites.business_id',
      'sign_in_links.user_id',
      'clients.business_id',
      'templates.business_id',
      'project_areas.project_id',
      'project_sends.project_id',
    ]) {
      expect(aliceRowsBefore[column] ?? 0, column).toBeGreaterThan(0);
    }
    // Two files per photo, the logo, and the client's issue photo and signature.
    expect(aliceKeys.length).toBe(aliceIds.photos.length * 2 + 3);
    expect(await listPhotoFiles(t)).toEqual(expect.arrayContaining(aliceKeys));
    const bobRowsBefore = await rowsReferencing(t, bobIds);
    const bobTokenHashesBefore = await t.query(sql`select token_hash from sessions where user_id = ${bob.userId} order by token_hash`);

    const deleted = await deleteAccount(alice.fixture.owner, { password: alice.password });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: errorMessage('account_deleted') });
    expect(deleted.headers.get('clear-site-data')).toBe('"cache"');
    expect(deleted.headers.getSetCookie().join('\n')).toMatch(/cp_session=;/);

    expect(await rowsReferencing(t, aliceIds)).toEqual({});
    expect(await rowsContaining(t, aliceNeedles)).toEqual({});
    const filesAfter = await listPhotoFiles(t);
    expect(filesAfter.filter((key) => aliceKeys.includes(key))).toEqual([]);

    // Every session ends: this browser's (its cookie is cleared), the other one's, and the crew's.
    expect((await alice.fixture.owner.get('/api/user')).status).toBe(401);
    expect((await alicePhone.get('/api/user')).status).toBe(401);
    expect((await alice.crew.manager.client.get('/api/user')).status).toBe(401);
    expect((await alice.crew.cleaner.client.get('/api/user')).status).toBe(401);
    expect((await t.client().post('/api/login', { email: alice.crew.manager.email, password: 'manager password' })).status).toBe(401);
    expect((await alicePhone.get(`/api/projects/${alice.fixture.project.id}`)).status).toBe(401);
    // The password no longer signs in; the reset link mailed before no longer works.
    expect((await t.client().post('/api/login', { email: alice.fixture.email, password: alice.password })).status).toBe(401);
    const reset = await t.client().post<{ code: string }>('/api/reset-password', { token: aliceResetToken, password: 'a brand new password' });
    expect(reset.status).toBe(400);
    expect(reset.body.code).toBe('reset_link_invalid');

    // The client link is withdrawn: 410 `revoked` for the data, every photo, the logo and the page.
    const token = alice.fixture.link.token;
    const data = await visit(t, `/api/shared/${token}`);
    expect(data.status).toBe(410);
    expect(JSON.parse(data.text)).toMatchObject({ code: 'link_revoked', state: 'revoked' });
    const photoId = alice.fixture.pairs[0]!.before.id;
    for (const sub of [
      `/api/shared/${token}/logo`,
      `/api/shared/${token}/report.pdf`,
      `/api/shared/${token}/preview.jpg`,
      `/api/shared/${token}/photos/${photoId}/image`,
      `/api/shared/${token}/photos/${photoId}/thumbnail`,
    ]) {
      expect((await visit(t, sub)).status, sub).toBe(410);
    }
    const page = await visit(t, `/r/${token}`);
    expect(page.status).toBe(410);
    expect(page.text).toContain('This link was withdrawn');
    expect(page.text).not.toContain('Alice Cleaning');

    // Bob's account: every row and file as before, his link and photos still served.
    expect(await rowsReferencing(t, bobIds)).toEqual(bobRowsBefore);
    expect(await t.query(sql`select token_hash from sessions where user_id = ${bob.userId} order by token_hash`)).toEqual(bobTokenHashesBefore);
    expect(filesAfter).toEqual(expect.arrayContaining(bobKeys));
    expect((await bob.fixture.owner.get('/api/user')).status).toBe(200);
    expect((await bob.crew.cleaner.client.get('/api/user')).status).toBe(200);
    expect((await visit(t, `/api/shared/${bob.fixture.link.token}`)).status).toBe(200);
    const bobPhoto = await bob.fixture.owner.get(`/api/photos/${bob.fixture.pairs[0]!.before.id}/image`);
    expect(bobPhoto.status).toBe(200);

    // The email is free again: a new account may be made with it, and starts empty.
    const again = t.client();
    await registerUser(again, { email: alice.fixture.email });
    expect((await again.get<unknown[]>('/api/projects')).body).toEqual([]);
  });

  it('a wrong password counts against the account sign-in lockout: past the budget even the right one waits (429)', async () => {
    const carol = t.client();
    const { email, password } = await registerUser(carol);
    await createProject(carol);
    for (let i = 0; i < 10; i += 1) expect((await deleteAccount(carol, { password: `guess ${i}` })).status).toBe(403);
    const locked = await deleteAccount(carol, { password });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    // The same budget as sign-in: that is locked too, and the account is still there.
    expect((await t.client().post('/api/login', { email, password })).status).toBe(401);
    expect((await carol.get('/api/user')).status).toBe(200);
  });

  it('an upload that was on its way leaves no row and no file behind', async () => {
    const dave = t.client();
    const { password } = await registerUser(dave);
    const project = await createProject(dave);
    await addPhoto(dave, project.id, 'before');
    const [user] = await t.query<{ id: number }>(sql`select created_by as id from projects where id = ${project.id}`);
    const ids = await idsOf(t, user!.id);
    const bytes = await makePhotoJpeg(64, 48, { seed: 7 });
    const uploads = Array.from({ length: 4 }, () => uploadRawPhoto(dave, project.id, 'after', bytes));
    const deleted = await deleteAccount(dave, { password });
    expect(deleted.status).toBe(200);
    for (const upload of await Promise.all(uploads)) expect([201, 401, 404]).toContain(upload.status);
    const photosNow = await t.query<{ id: number }>(sql`select id from photos where project_id = ${project.id}`);
    const idsNow = { ...ids, photos: [...ids.photos, ...photosNow.map((row) => row.id)] };
    expect(await rowsReferencing(t, idsNow)).toEqual({});
    expect((await listPhotoFiles(t)).filter((key) => key.startsWith(`projects/${project.id}/`))).toEqual([]);
  });
});

describe('DELETE /api/user with Stripe', () => {
  let stripe: StripeStandIn;
  let s: TestApp;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    s = await startTestApp({ deps: { billing: createStripeBillingProvider(STAND_IN_STRIPE_CONFIG, stripe.endpoint) } });
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    await stripe?.close();
  });

  function deliver(event: { payload: string; signature: string }) {
    return s.client().post<{ received?: boolean; outcome?: string }>('/api/billing/webhook', undefined, {
      raw: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
  }

  async function paidSubscriber(): Promise<{ client: TestClient; password: string; subscriptionId: string }> {
    const client = s.client();
    const { password } = await registerUser(client);
    await createProject(client);
    s.clock.advance(30 * 24 * 60 * 60 * 1000);
    const upgrade = await client.post<UpgradeResponse>('/api/upgrade-subscription');
    s.clock.reset();
    expect(upgrade.status).toBe(200);
    stripe.payFirstInvoice(upgrade.body.subscriptionId);
    expect((await deliver(stripe.signedEvent('invoice.paid', stripe.invoiceJson(upgrade.body.subscriptionId)))).status).toBe(200);
    return { client, password, subscriptionId: upgrade.body.subscriptionId };
  }

  it('cancels the subscription at the end of its period through the SDK, then deletes; a later Stripe event about it changes nothing', async () => {
    const { client, password, subscriptionId } = await paidSubscriber();
    const deleted = await deleteAccount(client, { password });
    expect(deleted.status).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)?.cancelAtPeriodEnd).toBe(true);
    const cancel = stripe.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`);
    expect(cancel?.params.get('cancel_at_period_end')).toBe('true');
    expect(await s.query(sql`select 1 from subscriptions where provider_subscription_id = ${subscriptionId}`)).toEqual([]);

    // At the period's end Stripe says the subscription was deleted: answered, and no row comes back.
    stripe.update(subscriptionId, { status: 'canceled' });
    const ended = await deliver(stripe.signedEvent('customer.subscription.deleted', stripe.subscriptionJson(subscriptionId)));
    expect(ended.status).toBe(200);
    expect(await s.query(sql`select 1 from subscriptions where provider_subscription_id = ${subscriptionId}`)).toEqual([]);
  });

  it('when Stripe cannot be reached: 503, and nothing is deleted (the card must not go on being charged for an account that is gone)', async () => {
    const { client, password, subscriptionId } = await paidSubscriber();
    const before = await snapshotDatabase(s.db);
    stripe.failNext(5);
    const refused = await deleteAccount(client, { password });
    stripe.failNext(0);
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('payment_provider_failed');
    expect(diffSnapshots(before, await snapshotDatabase(s.db))).toEqual([]);
    expect((await client.get('/api/user')).status).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)?.cancelAtPeriodEnd).toBe(false);
  });
});
