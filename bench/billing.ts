// Billing figures, over real HTTP on the real app:
//  - GET /api/subscription-status and the paid-action gate (POST /api/projects) at 50 concurrent
//    clients: p50/p95/p99 latency;
//  - Stripe webhooks (signed by the SDK, the subscription re-read from the local Stripe stand-in):
//    events per second, fresh and replayed;
//  - the pure status rule: calls per second.
//   npm run bench:billing            (TEST_DATABASE=postgres for PostgreSQL)
import { performance } from 'node:perf_hooks';
import { computeSubscriptionStatus } from '../src/server/billing/subscription-status.js';
import { createStripeBillingProvider } from '../src/server/billing/stripe.js';
import { startTestApp, testDatabaseKind, type TestApp } from '../src/server/test-support/test-app.js';
import { STAND_IN_STRIPE_CONFIG, startStripeStandIn } from '../src/server/test-support/stripe-stand-in.js';
import type { TestClient } from '../src/server/test-support/test-client.js';
import { printTable, runPool, signedInClient } from './bench-support.js';

const CONCURRENCY = 50;
const REQUESTS = 600;
const WEBHOOKS = 150;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

async function latency(
  clients: TestClient[],
  call: (client: TestClient) => Promise<number>,
): Promise<{ p50: number; p95: number; p99: number; perSecond: number }> {
  await runPool(clients, CONCURRENCY, (client) => call(client)); // warm-up
  const times: number[] = [];
  const started = performance.now();
  await runPool(
    Array.from({ length: REQUESTS }, (_, i) => clients[i % clients.length] as TestClient),
    CONCURRENCY,
    async (client) => {
      const t0 = performance.now();
      const status = await call(client);
      times.push(performance.now() - t0);
      if (status >= 500) throw new Error(`server error ${status}`);
    },
  );
  const seconds = (performance.now() - started) / 1000;
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), perSecond: REQUESTS / seconds };
}

async function webhookRate(t: TestApp, stripe: Awaited<ReturnType<typeof startStripeStandIn>>, client: TestClient, replay: boolean): Promise<number> {
  const { subscriptionId, intent } = (await client.post<{ subscriptionId: string; intent: 'payment' | 'setup' }>('/api/upgrade-subscription')).body;
  // During the trial the card is saved (setup intent); after it, the first invoice is paid.
  if (intent === 'setup') stripe.confirmSetupIntent(subscriptionId);
  else stripe.payFirstInvoice(subscriptionId);
  const first = stripe.signedEvent('invoice.paid', stripe.invoiceJson(subscriptionId));
  const events = Array.from({ length: WEBHOOKS }, () =>
    replay ? first : stripe.signedEvent('customer.subscription.updated', stripe.subscriptionJson(subscriptionId)),
  );
  const started = performance.now();
  await runPool(events, 10, async (event) => {
    const response = await t
      .client()
      .post('/api/billing/webhook', undefined, { raw: event.payload, headers: { 'content-type': 'application/json', 'stripe-signature': event.signature } });
    if (response.status !== 200) throw new Error(`webhook ${response.status}`);
  });
  return WEBHOOKS / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const stripe = await startStripeStandIn();
  const t = await startTestApp({ deps: { billing: createStripeBillingProvider(STAND_IN_STRIPE_CONFIG, stripe.endpoint) } });
  try {
    const clients = await runPool(Array.from({ length: CONCURRENCY }), 5, () => signedInClient(t));
    const baseline = await latency(clients, async (client) => (await client.get('/api/user')).status);
    const status = await latency(clients, async (client) => (await client.get('/api/subscription-status')).status);
    const gate = await latency(clients, async (client) => (await client.post('/api/projects', {})).status);
    const fresh = await webhookRate(t, stripe, clients[0] as TestClient, false);
    const replayed = await webhookRate(t, stripe, clients[1] as TestClient, true);

    const user = { trialEndsAt: new Date(Date.now() + 5 * 86_400_000) };
    const subscription = { provider: 'stripe' as const, status: 'active', currentPeriodEnd: new Date(Date.now() + 86_400_000), cancelAtPeriodEnd: true };
    const n = 200_000;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) computeSubscriptionStatus(user, i % 2 ? subscription : null, new Date(), 'stripe');
    const pureRate = n / ((performance.now() - t0) / 1000);

    console.log(`\nBilling on ${testDatabaseKind}, ${CONCURRENCY} concurrent clients, ${REQUESTS} requests per row\n`);
    printTable(
      ['measure', 'p50 ms', 'p95 ms', 'p99 ms', 'per second'],
      [
        [
          'GET /api/user (baseline: session lookup only)',
          baseline.p50.toFixed(1),
          baseline.p95.toFixed(1),
          baseline.p99.toFixed(1),
          baseline.perSecond.toFixed(0),
        ],
        ['GET /api/subscription-status', status.p50.toFixed(1), status.p95.toFixed(1), status.p99.toFixed(1), status.perSecond.toFixed(0)],
        ['POST /api/projects (gate + insert)', gate.p50.toFixed(1), gate.p95.toFixed(1), gate.p99.toFixed(1), gate.perSecond.toFixed(0)],
        ['webhook, new event (verify + Stripe re-read + write)', '', '', '', fresh.toFixed(0)],
        ['webhook, replayed event (verify + skip)', '', '', '', replayed.toFixed(0)],
        ['computeSubscriptionStatus (pure)', '', '', '', pureRate.toFixed(0)],
      ],
    );
  } finally {
    await t.close();
    await stripe.close();
  }
}

await main();
