// The Stripe provider through the official SDK, pointed at a local stand-in for Stripe's API,
// with webhooks signed by the SDK's own test helper.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SubscriptionStatus, UpgradeResponse } from '../../shared/contract/billing.js';
import { DAY_MS } from '../../shared/rules.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, type TestClient } from '../test-support/test-client.js';
import { STAND_IN_STRIPE_CONFIG, startStripeStandIn, type StripeStandIn } from '../test-support/stripe-stand-in.js';
import { createStripeBillingProvider } from './stripe.js';
import { formatBillingDate } from './subscription-status.js';
import { errorMessage } from '../../shared/error-codes.js';

const PAYMENT_FAILED_MESSAGE = errorMessage('payment_failed');

let stripe: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await startTestApp({ deps: { billing: createStripeBillingProvider(STAND_IN_STRIPE_CONFIG, stripe.endpoint) } });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});
beforeEach(() => t.clock.reset());

const status = async (client: TestClient) => (await client.get<SubscriptionStatus>('/api/subscription-status')).body;
const countEvents = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from billing_events`))[0]?.n ?? 0;
const mirrorOf = async (email: string) =>
  (
    await t.query<{
      status: string;
      provider: string;
      cancel_at_period_end: boolean;
      provider_customer_id: string;
      updated_at: Date;
      stripe_customer_id: string | null;
    }>(
      sql`select s.status, s.provider, s.cancel_at_period_end, s.provider_customer_id, s.updated_at, u.stripe_customer_id from subscriptions s join users u on u.id = s.user_id where u.email = ${email}`,
    )
  )[0];

function deliver(event: { payload: string; signature: string }) {
  return t.client().post<{ received?: boolean; outcome?: string; message?: string }>('/api/billing/webhook', undefined, {
    raw: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });
}

/** Upgrade once the trial is over (moving the clock past it): the first invoice is due now. */
async function upgrade(client: TestClient) {
  const { trialEndsAt } = await status(client);
  if (t.deps.clock().getTime() < Date.parse(trialEndsAt)) t.clock.set(new Date(Date.parse(trialEndsAt) + 60_000));
  const response = await client.post<UpgradeResponse>('/api/upgrade-subscription');
  expect(response.status).toBe(200);
  return response.body;
}

/** Upgrade, pay in the (stand-in) Payment Element, and let Stripe's invoice.paid webhook arrive. */
async function subscribeAndPay(client: TestClient) {
  const { subscriptionId } = await upgrade(client);
  stripe.payFirstInvoice(subscriptionId);
  const paid = await deliver(stripe.signedEvent('invoice.paid', stripe.invoiceJson(subscriptionId)));
  expect(paid.status).toBe(200);
  return subscriptionId;
}

describe('Stripe provider', () => {
  it('tells the browser to load the Payment Element with the publishable key', async () => {
    expect((await t.client().get('/api/billing/config')).body).toEqual({
      mode: 'stripe',
      publishableKey: STAND_IN_STRIPE_CONFIG.publishableKey,
      returnUrl: t.config.appUrl,
    });
    expect((await t.client().post('/api/billing/sandbox/confirm', { clientSecret: 'x' })).status).toBe(404);
  });

  it("creates a customer and a default_incomplete subscription on the price, returning the first payment's client secret", async () => {
    const client = t.client();
    const { email, user } = await registerUser(client);
    const body = await upgrade(client);
    const sub = stripe.subscriptions.get(body.subscriptionId);
    expect(body).toEqual({ clientSecret: sub?.clientSecret, status: 'incomplete', subscriptionId: sub?.id, intent: 'payment', firstChargeAt: null });

    const customerCall = stripe.requests.find((r) => r.path === '/v1/customers' && r.params.get('email') === email);
    expect(customerCall?.params.get('metadata[userId]')).toBe(String(user.id));
    const subscriptionCall = stripe.requests.find((r) => r.path === '/v1/subscriptions' && r.params.get('customer') === sub?.customer);
    expect(subscriptionCall?.params.get('items[0][price]')).toBe(STAND_IN_STRIPE_CONFIG.priceId);
    expect(subscriptionCall?.params.get('payment_behavior')).toBe('default_incomplete');
    expect(subscriptionCall?.params.has('trial_end')).toBe(false);
    expect(subscriptionCall?.idempotencyKey).toMatch(/^cleanproof-subscription-/);

    expect(await mirrorOf(email)).toMatchObject({
      status: 'incomplete',
      provider: 'stripe',
      provider_customer_id: sub?.customer,
      stripe_customer_id: sub?.customer,
    });
    expect(await status(client)).toMatchObject({ subscriptionActive: false, trialActive: false, status: 'incomplete' });
  });

  it("during the trial keeps its days: trial_end on the subscription, its setup intent confirmed with the card, nextBillingDate the trial's end", async () => {
    const client = t.client();
    const { email } = await registerUser(client);
    const trialEndsAt = new Date((await status(client)).trialEndsAt);
    t.clock.advance(DAY_MS);
    const response = await client.post<UpgradeResponse>('/api/upgrade-subscription');
    expect(response.status).toBe(200);
    const sub = stripe.subscriptions.get(response.body.subscriptionId);
    const trialEnd = Math.floor(trialEndsAt.getTime() / 1000);
    expect(response.body).toEqual({
      clientSecret: sub?.pendingSetupIntent?.clientSecret,
      status: 'incomplete',
      subscriptionId: sub?.id,
      intent: 'setup',
      firstChargeAt: new Date(trialEnd * 1000).toISOString(),
    });
    const subscriptionCall = stripe.requests.find((r) => r.path === '/v1/subscriptions' && r.params.get('customer') === sub?.customer);
    expect(subscriptionCall?.params.get('trial_end')).toBe(String(trialEnd));
    expect(subscriptionCall?.params.get('trial_settings[end_behavior][missing_payment_method]')).toBe('cancel');
    // Stripe says trialing already, but no card is saved yet: no paid access beyond the trial.
    expect(await status(client)).toMatchObject({ subscriptionActive: false, trialActive: true, status: 'incomplete', nextBillingDate: 'Unknown' });
    // Upgrade again before confirming: the same subscription and setup intent.
    const again = await client.post<UpgradeResponse>('/api/upgrade-subscription');
    expect(again.body).toMatchObject({ subscriptionId: sub?.id, clientSecret: sub?.pendingSetupIntent?.clientSecret, intent: 'setup' });

    // The Payment Element confirms the setup intent; Stripe tells the app the subscription changed.
    stripe.confirmSetupIntent(response.body.subscriptionId);
    const updated = await deliver(stripe.signedEvent('customer.subscription.updated', stripe.subscriptionJson(response.body.subscriptionId)));
    expect(updated.body).toEqual({ received: true, outcome: 'applied' });
    expect(await status(client)).toMatchObject({
      subscriptionActive: true,
      trialActive: true,
      hasAccess: true,
      status: 'trialing',
      nextBillingDate: formatBillingDate(new Date(trialEnd * 1000)),
    });
    expect((await mirrorOf(email))?.status).toBe('trialing');
    expect((await client.post('/api/upgrade-subscription')).status).toBe(409);
  });

  it('resume sets cancel_at_period_end back to false at Stripe before the period ends', async () => {
    const client = t.client();
    const { email } = await registerUser(client);
    const subscriptionId = await subscribeAndPay(client);
    expect((await client.post('/api/cancel-subscription')).status).toBe(200);
    expect((await mirrorOf(email))?.cancel_at_period_end).toBe(true);

    const resumed = await client.post<SubscriptionStatus>('/api/resume-subscription');
    expect(resumed.status).toBe(200);
    const calls = stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`);
    expect(calls.at(-1)?.params.get('cancel_at_period_end')).toBe('false');
    const periodEnd = new Date((stripe.subscriptions.get(subscriptionId)?.periodEnd ?? 0) * 1000);
    expect(resumed.body).toMatchObject({ subscriptionActive: true, cancelAtPeriodEnd: false, nextBillingDate: formatBillingDate(periodEnd) });
    expect((await mirrorOf(email))?.cancel_at_period_end).toBe(false);
  });

  it('activates only when the signed invoice.paid webhook arrives, re-reading the subscription from Stripe', async () => {
    const client = t.client();
    const { email } = await registerUser(client);
    const { subscriptionId } = await upgrade(client);

    // An event claiming "active" while Stripe still says incomplete: the app believes Stripe.
    const claim = await deliver(stripe.signedEvent('customer.subscription.updated', { ...stripe.subscriptionJson(subscriptionId), status: 'active' }));
    expect(claim.status).toBe(200);
    expect((await mirrorOf(email))?.status).toBe('incomplete');

    stripe.payFirstInvoice(subscriptionId);
    expect((await status(client)).subscriptionActive).toBe(false);
    const paid = await deliver(stripe.signedEvent('invoice.paid', stripe.invoiceJson(subscriptionId)));
    expect(paid.body).toEqual({ received: true, outcome: 'applied' });
    const periodEnd = new Date((stripe.subscriptions.get(subscriptionId)?.periodEnd ?? 0) * 1000);
    expect(await status(client)).toMatchObject({ subscriptionActive: true, hasAccess: true, status: 'active', nextBillingDate: formatBillingDate(periodEnd) });
    expect((await client.post('/api/upgrade-subscription')).status).toBe(409);
  });

  it('refuses a forged, tampered or unsigned webhook with 400 and changes nothing', async () => {
    const client = t.client();
    const { email } = await registerUser(client);
    const { subscriptionId } = await upgrade(client);
    stripe.payFirstInvoice(subscriptionId);
    const before = await countEvents();

    const forged = await deliver(stripe.signedEvent('invoice.paid', stripe.invoiceJson(subscriptionId), { secret: 'whsec_attacker' }));
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Invalid webhook signature');
    const genuine = stripe.signedEvent('invoice.paid', stripe.invoiceJson(subscriptionId));
    const tampered = await deliver({ payload: genuine.payload.replace('"invoice.paid"', '"invoice.paid" '), signature: genuine.signature });
    expect(tampered.status).toBe(400);
    const unsigned = await t
      .client()
      .post<{ message: string }>('/api/billing/webhook', undefined, { raw: genuine.payload, headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(400);

    expect(await countEvents()).toBe(before);
    expect((await mirrorOf(email))?.status).toBe('incomplete');
    expect((await status(client)).subscriptionActive).toBe(false);
  });

  it('processes each event id once: a replayed event changes nothing', async () => {
    const client = t.client();
    const { email } = await registerUser(client);
    const { subscriptionId } = await upgrade(client);
    stripe.payFirstInvoice(subscriptionId);
    const paid = stripe.signedEvent('invoice.paid', stripe.invoiceJson(subscriptionId));
    expect((await deliver(paid)).body.outcome).toBe('applied');
    const afterFirst = await mirrorOf(email);
    const eventsAfterFirst = await countEvents();

    // Meanwhile Stripe's state moved on; replaying the old event id must not apply anything.
    stripe.update(subscriptionId, { status: 'past_due' });
    const replay = await deliver(stripe.signedEvent('invoice.paid', stripe.invoiceJson(subscriptionId), { eventId: paid.eventId }));
    expect(replay.status).toBe(200);
    expect(replay.body.outcome).toBe('duplicate');
    expect(await countEvents()).toBe(eventsAfterFirst);
    expect(await mirrorOf(email)).toEqual(afterFirst);
  });

  it('a failed renewal payment (invoice.payment_failed -> past_due) refuses paid actions with an actionable 402', async () => {
    const client = t.client();
    await registerUser(client);
    const subscriptionId = await subscribeAndPay(client);
    expect((await client.post('/api/projects', {})).status).toBe(201);

    stripe.update(subscriptionId, { status: 'past_due' });
    expect((await deliver(stripe.signedEvent('invoice.payment_failed', stripe.invoiceJson(subscriptionId)))).body.outcome).toBe('applied');
    expect(await status(client)).toMatchObject({ subscriptionActive: false, hasAccess: false, accessBlockedReason: 'payment_failed' });
    const refused = await client.post<{ message: string }>('/api/projects', {});
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(PAYMENT_FAILED_MESSAGE);

    // Paying the open invoice again resumes the same subscription rather than starting a new one.
    const again = await upgrade(client);
    expect(again.subscriptionId).toBe(subscriptionId);
    expect(again.status).toBe('past_due');
  });

  it('cancel sets cancel_at_period_end at Stripe; access stays until the period ends; .deleted ends it', async () => {
    const client = t.client();
    const { email } = await registerUser(client);
    const subscriptionId = await subscribeAndPay(client);

    const cancel = await client.post<{ message: string }>('/api/cancel-subscription');
    expect(cancel.status).toBe(200);
    const cancelCall = stripe.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`);
    expect(cancelCall?.params.get('cancel_at_period_end')).toBe('true');
    const periodEnd = (stripe.subscriptions.get(subscriptionId)?.periodEnd ?? 0) * 1000;
    expect(await status(client)).toMatchObject({
      subscriptionActive: true,
      hasAccess: true,
      cancelAtPeriodEnd: true,
      accessEndsAt: new Date(periodEnd).toISOString(),
    });

    t.clock.set(new Date(periodEnd - 60_000));
    expect((await client.post('/api/projects', {})).status).toBe(201);
    t.clock.set(new Date(periodEnd));
    expect((await status(client)).hasAccess).toBe(false);

    stripe.update(subscriptionId, { status: 'canceled' });
    expect((await deliver(stripe.signedEvent('customer.subscription.deleted', stripe.subscriptionJson(subscriptionId)))).body.outcome).toBe('applied');
    expect((await mirrorOf(email))?.status).toBe('canceled');
    // A cancelled customer can subscribe again: a new subscription on the same customer.
    const fresh = await upgrade(client);
    expect(fresh.subscriptionId).not.toBe(subscriptionId);
    expect(stripe.subscriptions.get(fresh.subscriptionId)?.customer).toBe(stripe.subscriptions.get(subscriptionId)?.customer);
  });

  it('two Upgrade taps at once make one customer and one subscription (idempotency keys)', async () => {
    const client = t.client();
    const { email } = await registerUser(client);
    const [a, b] = await Promise.all([client.post<UpgradeResponse>('/api/upgrade-subscription'), client.post<UpgradeResponse>('/api/upgrade-subscription')]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.subscriptionId).toBe(b.body.subscriptionId);
    expect([...stripe.customers.values()].filter((c) => c.email === email)).toHaveLength(1);
  });

  it('an expired trial can subscribe through Stripe (a deliberate deviation from the spec)', async () => {
    const client = t.client();
    await registerUser(client);
    t.clock.advance(20 * DAY_MS);
    expect((await client.post('/api/projects', {})).status).toBe(402);
    await subscribeAndPay(client);
    expect(await status(client)).toMatchObject({ subscriptionActive: true, hasAccess: true, trialActive: false });
    expect((await client.post('/api/projects', {})).status).toBe(201);
  });

  it('gives a subscription paid in the sandbox (before the Stripe keys were set) no access, and lets that user pay through Stripe', async () => {
    const client = t.client();
    const { user } = await registerUser(client);
    // "Paid" with the test card while the server ran without Stripe keys, for a month that has not ended.
    await t.query(sql`insert into subscriptions (user_id, provider, provider_subscription_id, status, current_period_end)
      values (${user.id}, 'sandbox', ${`sub_sandbox_before_stripe_${user.id}`}, 'active', ${new Date(Date.now() + 20 * DAY_MS).toISOString()}::timestamptz)`);
    // The trial is over (the sandbox month, if it counted, would still run for days).
    t.clock.advance(16 * DAY_MS);
    expect(await status(client)).toMatchObject({ subscriptionActive: false, hasAccess: false, status: null, accessBlockedReason: 'trial_ended' });
    expect((await client.post('/api/projects', {})).status).toBe(402);
    await subscribeAndPay(client);
    expect(await status(client)).toMatchObject({ subscriptionActive: true, hasAccess: true });
    expect((await mirrorOf(user.email))?.provider).toBe('stripe');
  });

  it('when Stripe is down: upgrade answers 503 and stores nothing; a webhook is left for redelivery', async () => {
    const client = t.client();
    const { email } = await registerUser(client);
    stripe.failNext(1);
    const refused = await client.post<{ message: string }>('/api/upgrade-subscription');
    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(/try again/);
    expect(await mirrorOf(email)).toBeUndefined();

    const { subscriptionId } = await upgrade(client);
    stripe.payFirstInvoice(subscriptionId);
    const event = stripe.signedEvent('invoice.paid', stripe.invoiceJson(subscriptionId));
    const before = await countEvents();
    stripe.failNext(1);
    expect((await deliver(event)).status).toBe(503);
    expect(await countEvents()).toBe(before);
    expect((await deliver(event)).body.outcome).toBe('applied');
    expect((await mirrorOf(email))?.status).toBe('active');
  });

  it('ordinary JSON routes still parse JSON beside the raw-body webhook', async () => {
    const client = t.client();
    await registerUser(client);
    const response = await client.patch<{ businessName: string }>('/api/user/business-name', { businessName: 'Raw Body Cleaners' });
    expect(response.status).toBe(200);
    expect(response.body.businessName).toBe('Raw Body Cleaners');
  });
});
