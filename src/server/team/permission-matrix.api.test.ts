// Who may call what: every route of the route table, called by each kind of caller, with the status
// each must get. The default comes from the route's `access` and what its path id names (a report,
// or a thing of the business); an entry says where a route's own rules answer otherwise. A route
// without an entry fails the first test, naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES_ADMITTED, type BusinessRole, type RouteDef } from '../../shared/contract/route.js';
import { apiRoutes, type ApiRouteName } from '../../shared/contract/routes.js';
import { jpegDataUrl, testJpeg } from '../hardening/support/fixtures.js';
import { invite, join, tokenOf } from '../test-support/crew-helpers.js';
import { fillPath } from '../test-support/route-table.js';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';
import { registerUser, uniqueEmail, type TestClient } from '../test-support/test-client.js';

const PERSONAS = ['anonymous', 'deactivated', 'otherBusiness', 'cleanerOther', 'cleanerOwn', 'manager', 'owner'] as const;
type Persona = (typeof PERSONAS)[number];

/** One member's report with all that hangs off it. */
interface ReportSet {
  projectId: number;
  /** The pair's before photo (what a client link shows). */
  pairedBefore: number;
  /** An unpaired before and after photo; the first is deleted by DELETE /api/photos/:id. */
  spareBefore: number;
  spareAfter: number;
  pairId: number;
  shareLinkId: number;
  shareToken: string;
  issueId: number;
  templatedId: number;
  areaId: number;
}

/** What a persona's request names: its own things, or (for those who may not) the owner's. */
interface Target {
  report: ReportSet;
  clientId: number;
  templateId: string;
  inviteId: number;
  memberId: number;
}

interface World {
  clients: Record<Persona, TestClient>;
  targets: Record<Persona, Target>;
  ownerEmail: string;
  ownerPassword: string;
  /** The owner's report's link: what public routes open. */
  shareToken: string;
  inviteToken: string;
  signInToken: string;
}

type Kind = 'report' | 'business' | 'self';

interface MatrixEntry {
  /** What the path id names; 'self' for a route without one. */
  kind: Kind;
  body?: (target: Target, world: World) => unknown | Promise<unknown>;
  /** Raw bytes and their content type instead of JSON. */
  raw?: () => Promise<{ bytes: Buffer; contentType: string }>;
  query?: string;
  /** Statuses that differ from the default, with the reason in a comment. */
  expect?: Partial<Record<Persona, number>>;
}

const rolesOf: Record<Persona, BusinessRole | null> = {
  anonymous: null,
  deactivated: null,
  otherBusiness: 'owner',
  cleanerOther: 'cleaner',
  cleanerOwn: 'cleaner',
  manager: 'manager',
  owner: 'owner',
};

const all = (status: number): Partial<Record<Persona, number>> => Object.fromEntries(PERSONAS.map((persona) => [persona, status]));
/** Public routes answer everyone alike. */
const publicEntry = (status: number, rest: Omit<MatrixEntry, 'kind' | 'expect'> = {}): MatrixEntry => ({ kind: 'self', ...rest, expect: all(status) });

const MATRIX: Record<ApiRouteName, MatrixEntry> = {
  register: publicEntry(201, {
    body: () => ({ email: uniqueEmail('matrix'), password: 'correct horse', confirmPassword: 'correct horse', businessName: 'New Cleaning' }),
  }),
  login: publicEntry(200, { body: (_target, world) => ({ email: world.ownerEmail, password: world.ownerPassword }) }),
  logout: publicEntry(200),
  getUser: { kind: 'self' },
  loginRedirect: publicEntry(302),
  forgotPassword: publicEntry(200, { body: () => ({ email: uniqueEmail('nobody') }) }),
  resetPassword: publicEntry(400, { body: () => ({ token: `not-a-token-${uniqueEmail()}`, password: 'new password' }) }),
  updateBusinessName: { kind: 'self', body: () => ({ businessName: 'Renamed' }) },
  replaceBusinessName: { kind: 'self', body: () => ({ businessName: 'Renamed' }) },
  uploadLogo: { kind: 'self', raw: async () => ({ bytes: await testJpeg(), contentType: 'image/jpeg' }) },
  // No logo was uploaded: every member who may read it is told so.
  getLogo: { kind: 'self', expect: { otherBusiness: 404, cleanerOther: 404, cleanerOwn: 404, manager: 404, owner: 404 } },
  updatePreferences: { kind: 'self', body: () => ({ locale: 'es' }) },
  deleteLogo: { kind: 'self' },
  exportAccount: { kind: 'self' },
  // Each owner deletes their own business (the other business's owner, theirs): the world is rebuilt per route.
  deleteAccount: { kind: 'self', body: (_target, world) => ({ password: world.ownerPassword }) },
  listProjects: { kind: 'self' },
  createProject: {
    kind: 'self',
    body: () => ({ clientName: 'New job' }),
    expect: { otherBusiness: 201, cleanerOther: 201, cleanerOwn: 201, manager: 201, owner: 201 },
  },
  getProject: { kind: 'report', query: 'images=url' },
  updateProject: { kind: 'report', body: () => ({ description: 'Changed' }) },
  deleteProject: { kind: 'report' },
  getReportPdf: { kind: 'report' },
  addPhoto: { kind: 'report', body: async () => ({ type: 'before', imageData: await jpegDataUrl() }) },
  deletePhoto: { kind: 'report' },
  getPhotoImage: { kind: 'report' },
  getPhotoThumbnail: { kind: 'report' },
  createPhotoPair: { kind: 'report', body: (target) => ({ beforePhotoId: target.report.spareBefore, afterPhotoId: target.report.spareAfter }) },
  autoPairAll: { kind: 'report' },
  skipArea: { kind: 'report', body: () => ({ reason: 'no_access' }) },
  unskipArea: { kind: 'report' },
  finishProject: { kind: 'report' },
  // Not finished: reopening answers as it is (see finish.service.ts).
  reopenProject: { kind: 'report' },
  deletePhotoPair: { kind: 'report' },
  listClients: { kind: 'self' },
  createClient: { kind: 'self', body: () => ({ name: 'New client' }) },
  getClient: { kind: 'business' },
  updateClient: { kind: 'business', body: () => ({ name: 'Renamed client' }) },
  deleteClient: { kind: 'business' },
  createShareLink: { kind: 'report', body: () => ({}) },
  listShareLinks: { kind: 'report' },
  revokeShareLink: { kind: 'report' },
  getSharedReport: publicEntry(200),
  getSharedReportPdf: publicEntry(200),
  getSharedPhotoImage: publicEntry(200),
  getSharedPreviewImage: publicEntry(200),
  getSharedPhotoThumbnail: publicEntry(200),
  // The business has no logo.
  getSharedLogo: publicEntry(404),
  listTemplates: { kind: 'self' },
  createTemplate: { kind: 'self', body: () => ({ name: 'New template', areas: [{ name: 'Hall', minBefore: 1, minAfter: 1 }] }) },
  updateTemplate: { kind: 'business', body: () => ({ name: 'Renamed template' }) },
  deleteTemplate: { kind: 'business' },
  sendProject: { kind: 'report', body: () => ({ to: 'client@example.com' }) },
  getProjectActivity: { kind: 'report' },
  resolveIssue: { kind: 'report', body: () => ({ note: 'Done' }) },
  // The issue was sent without a photo.
  getIssuePhoto: { kind: 'report', expect: { cleanerOwn: 404, manager: 404, owner: 404 } },
  getClientAnswerSettings: { kind: 'self' },
  updateClientAnswerSettings: { kind: 'self', body: () => ({ reCleanWindowHours: 48 }) },
  // The first approval is taken; the report is approved after that.
  approveSharedReport: { kind: 'self', body: () => ({ name: 'Jane Client' }), expect: { ...all(409), anonymous: 201 } },
  reportSharedIssue: publicEntry(201, { body: (_target, world) => ({ pairId: world.targets.owner.report.pairId, x: 0.2, y: 0.3, note: 'Missed a spot' }) }),
  getSharedIssuePhoto: publicEntry(404),
  getSubscriptionStatus: { kind: 'self' },
  getBillingConfig: publicEntry(200),
  upgradeSubscription: { kind: 'self' },
  createSubscription: { kind: 'self' },
  // Nothing to cancel or resume in a trial.
  cancelSubscription: { kind: 'self', expect: { otherBusiness: 409, owner: 409 } },
  resumeSubscription: { kind: 'self', expect: { otherBusiness: 409, owner: 409 } },
  confirmSandboxPayment: { kind: 'self', body: () => ({ clientSecret: 'sandbox_secret_unknown' }), expect: { otherBusiness: 404, owner: 404 } },
  // Sandbox billing: there is no Stripe webhook on this server.
  receiveBillingWebhook: publicEntry(404, { raw: async () => ({ bytes: Buffer.from('{}'), contentType: 'application/json' }) }),
  verifyAdmin: publicEntry(401, { body: () => ({ password: `${TEST_ADMIN_PASSWORD}-wrong` }) }),
  getAdminSession: publicEntry(200),
  lockAdmin: publicEntry(200),
  getAdminAnalytics: { kind: 'self' },
  getUsersCsv: { kind: 'self' },
  getOpenApiDocument: publicEntry(200),
  getTeam: { kind: 'self' },
  createInvite: { kind: 'self', body: () => ({ role: 'cleaner' }) },
  revokeInvite: { kind: 'business' },
  getInvite: publicEntry(200),
  // The business has no logo.
  getInviteLogo: publicEntry(404),
  // One use: the first caller joins, the link is used after that.
  joinBusiness: { kind: 'self', body: () => ({ name: 'Newcomer' }), expect: { ...all(410), anonymous: 201 } },
  createSignInLink: { kind: 'business' },
  updateMember: { kind: 'business', body: () => ({ active: true }) },
  // One use: the first caller is signed in, the link is used after that.
  signInWithLink: { kind: 'self', expect: { ...all(410), anonymous: 200 } },
};

/** The status a persona gets by default: from the route's access, then whether its id is theirs to see. */
function defaultStatus(route: RouteDef, entry: MatrixEntry, persona: Persona): number {
  if (route.access === 'admin') return 401;
  const role = rolesOf[persona];
  if (route.access !== 'public') {
    if (role === null) return 401;
    if (!ROLES_ADMITTED[route.access].includes(role)) return 403;
    if (entry.kind === 'report' && (persona === 'cleanerOther' || persona === 'otherBusiness')) return 404;
    if (entry.kind === 'business' && persona === 'otherBusiness') return 404;
  }
  return route.status ?? 200;
}

async function reportSet(client: TestClient, t: TestApp): Promise<ReportSet> {
  const json = async <T>(response: Promise<{ status: number; body: T; text: string }>, what: string): Promise<T> => {
    const answer = await response;
    if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
    return answer.body;
  };
  const image = await jpegDataUrl();
  const project = await json(client.post<{ id: number }>('/api/projects', { clientName: 'Matrix job' }), 'create report');
  const photo = async (type: string) => (await json(client.post<{ id: number }>(`/api/projects/${project.id}/photos`, { type, imageData: image }), 'photo')).id;
  const [before, after, spareBefore, spareAfter] = [await photo('before'), await photo('after'), await photo('before'), await photo('after')];
  const pair = await json(client.post<{ id: number }>(`/api/projects/${project.id}/photo-pairs`, { beforePhotoId: before, afterPhotoId: after }), 'pair');
  const link = await json(client.post<{ id: number; token: string }>(`/api/projects/${project.id}/share-links`, {}), 'link');
  const issue = await json(t.client().post<{ id: number }>(`/api/shared/${link.token}/issues`, { pairId: pair.id, x: 0.5, y: 0.5, note: 'A smear' }), 'issue');
  const templated = await json(client.post<{ id: number; areas: { id: number }[] }>('/api/projects', { templateId: 'standard-clean' }), 'templated report');
  return {
    projectId: project.id,
    pairedBefore: before,
    spareBefore,
    spareAfter,
    pairId: pair.id,
    shareLinkId: link.id,
    shareToken: link.token,
    issueId: issue.id,
    templatedId: templated.id,
    areaId: templated.areas[0]?.id ?? 0,
  };
}

/** A business with an owner, a manager and two cleaners (one deactivated), and another business. */
async function buildWorld(t: TestApp): Promise<World> {
  const owner = t.client();
  const { email: ownerEmail, password: ownerPassword } = await registerUser(owner);
  const manager = await join(t, await invite(owner, 'manager'), { name: 'Marta' });
  const cleaner = await join(t, await invite(owner, 'cleaner'), { name: 'Ana' });
  const leaving = await join(t, await invite(owner, 'cleaner'), { name: 'Leo' });
  await owner.patch(`/api/team/members/${leaving.user.id}`, { active: false });
  const other = t.client();
  await registerUser(other, { businessName: 'Other Cleaning' });

  const reports = { owner: await reportSet(owner, t), manager: await reportSet(manager.client, t), cleaner: await reportSet(cleaner.client, t) };
  const newClient = async (client: TestClient) => (await client.post<{ id: number }>('/api/clients', { name: 'Acme' })).body.id;
  const newTemplate = async (client: TestClient) =>
    String((await client.post<{ id: number }>('/api/templates', { name: 'Office', areas: [{ name: 'Desk', minBefore: 1, minAfter: 1 }] })).body.id);
  const ownersThings = { clientId: await newClient(owner), templateId: await newTemplate(owner), inviteId: (await invite(owner, 'cleaner')).id };
  const managersThings = {
    clientId: await newClient(manager.client),
    templateId: await newTemplate(manager.client),
    inviteId: (await invite(manager.client, 'cleaner')).id,
  };
  const ofOwner: Target = { report: reports.owner, ...ownersThings, memberId: cleaner.user.id };
  const signIn = await owner.post<{ url: string }>(`/api/team/members/${cleaner.user.id}/sign-in-link`);
  return {
    clients: {
      anonymous: t.client(),
      deactivated: leaving.client,
      otherBusiness: other,
      cleanerOther: cleaner.client,
      cleanerOwn: cleaner.client,
      manager: manager.client,
      owner,
    },
    targets: {
      anonymous: ofOwner,
      deactivated: ofOwner,
      otherBusiness: ofOwner,
      cleanerOther: ofOwner,
      cleanerOwn: { ...ofOwner, report: reports.cleaner },
      manager: { report: reports.manager, ...managersThings, memberId: cleaner.user.id },
      owner: ofOwner,
    },
    ownerEmail,
    ownerPassword,
    shareToken: reports.owner.shareToken,
    inviteToken: tokenOf((await invite(owner, 'cleaner')).url),
    signInToken: tokenOf(signIn.body.url),
  };
}

/** Path values for a persona: its target's ids, and the owner's link and tokens for public routes. */
function pathValues(world: World, target: Target): Record<string, string> {
  const report = target.report;
  return {
    token: world.shareToken,
    photoId: String(world.targets.owner.report.pairedBefore),
    issueId: String(world.targets.owner.report.issueId),
    areaId: String(report.areaId),
  };
}

function idFor(name: ApiRouteName, route: RouteDef, target: Target): string {
  const path = route.path;
  if (path.startsWith('/api/projects/:id/areas')) return String(target.report.templatedId);
  if (path.startsWith('/api/projects/:id')) return String(target.report.projectId);
  if (path.startsWith('/api/photos/:id')) return String(target.report.spareBefore);
  if (path.startsWith('/api/photo-pairs/:id')) return String(target.report.pairId);
  if (path.startsWith('/api/share-links/:id')) return String(target.report.shareLinkId);
  if (path.startsWith('/api/issues/:id')) return String(target.report.issueId);
  if (path.startsWith('/api/clients/:id')) return String(target.clientId);
  if (path.startsWith('/api/templates/:id')) return target.templateId;
  if (path.startsWith('/api/team/invites/:id')) return String(target.inviteId);
  if (path.startsWith('/api/team/members/:id')) return String(target.memberId);
  throw new Error(`${name}: no id for ${path}`);
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the permission matrix', () => {
  it('has a row for every route of the route table', () => {
    const missing = Object.keys(apiRoutes).filter((name) => !(name in MATRIX));
    expect(missing, 'add these routes to MATRIX in permission-matrix.api.test.ts').toEqual([]);
  });

  it.each(Object.keys(MATRIX) as ApiRouteName[])(
    '%s answers each caller as its access and ids say',
    async (name) => {
      const route: RouteDef = apiRoutes[name];
      const entry = MATRIX[name];
      const world = await buildWorld(t);
      const got: Partial<Record<Persona, number>> = {};
      const wanted: Partial<Record<Persona, number>> = {};
      for (const persona of PERSONAS) {
        const target = world.targets[persona];
        const values: Record<string, string> = { ...pathValues(world, target), id: route.path.includes(':id') ? idFor(name, route, target) : '' };
        if (name === 'getInvite' || name === 'getInviteLogo' || name === 'joinBusiness') values.token = world.inviteToken;
        if (name === 'signInWithLink') values.token = world.signInToken;
        const path = fillPath(route.path, values) + (entry.query ? `?${entry.query}` : '');
        const client = world.clients[persona];
        let response;
        if (entry.raw) {
          const { bytes, contentType } = await entry.raw();
          response = await client.request(route.method, path, undefined, { raw: bytes, headers: { 'content-type': contentType } });
        } else {
          const body = entry.body ? await entry.body(target, world) : route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
          response = await client.request(route.method, path, body);
        }
        got[persona] = response.status;
        wanted[persona] = entry.expect?.[persona] ?? defaultStatus(route, entry, persona);
      }
      expect(got, `${route.method} ${route.path}`).toEqual(wanted);
    },
    120_000,
  );
});
