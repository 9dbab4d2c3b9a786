// A local stand-in for the few Stripe endpoints the billing provider calls, answering with
// JSON in the shape Stripe's API (2025+ versions) returns. The real `stripe` SDK is pointed at
// it (host/port/protocol), so requests, form encoding, expansion, idempotency keys and error
// handling all go through the official client. Stripe's servers cannot be reached from here.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { StripeConfig } from '../config.js';

export const STAND_IN_STRIPE_CONFIG: StripeConfig = {
  secretKey: 'sk_test_standin_secret',
  publishableKey: 'pk_test_standin_publishable',
  webhookSecret: 'whsec_standin_webhook_secret',
  priceId: 'price_pro_monthly_499',
};

interface StandInSubscription {
  id: string;
  customer: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  periodStart: number;
  periodEnd: number;
  metadata: Record<string, string>;
  priceId: string;
  invoiceId: string;
  clientSecret: string;
  created: number;
  /** Set when created with trial_end: no invoice until then. */
  trialEnd: number | null;
  /** The trial's setup intent, until the customer confirms the card with it. */
  pendingSetupIntent: { id: string; clientSecret: string } | null;
  /** Set once a card is saved (the setup intent succeeded, or the first invoice was paid). */
  defaultPaymentMethod: string | null;
  trialEndBehavior: string | null;
}

export interface StandInRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const DAY_S = 24 * 60 * 60;

export interface StripeStandIn {
  endpoint: { host: string; port: number; protocol: 'http' };
  requests: StandInRequest[];
  subscriptions: Map<string, StandInSubscription>;
  customers: Map<string, { id: string; email: string; metadata: Record<string, string> }>;
  /** The next n requests fail with Stripe's 500 api_error (an outage). */
  failNext(count: number): void;
  /** The customer pays the first invoice in the Payment Element: the subscription turns active. */
  payFirstInvoice(subscriptionId: string): void;
  /** The customer confirms the trial's setup intent in the Payment Element: the card is saved, the trial runs on. */
  confirmSetupIntent(subscriptionId: string): void;
  update(subscriptionId: string, patch: Partial<Pick<StandInSubscription, 'status' | 'cancelAtPeriodEnd' | 'periodEnd'>>): void;
  subscriptionJson(subscriptionId: string): Record<string, unknown>;
  invoiceJson(subscriptionId: string): Record<string, unknown>;
  /** A webhook body and its Stripe-Signature header, signed with the SDK's own test helper. */
  signedEvent(
    type: string,
    object: Record<string, unknown>,
    options?: { eventId?: string; secret?: string },
  ): { eventId: string; payload: string; signature: string };
  close(): Promise<void>;
}

export async function startStripeStandIn(config: StripeConfig = STAND_IN_STRIPE_CONFIG, now: () => Date = () => new Date()): Promise<StripeStandIn> {
  const subscriptions = new Map<string, StandInSubscription>();
  const customers = new Map<string, { id: string; email: string; metadata: Record<string, string> }>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: StandInRequest[] = [];
  let failures = 0;
  const seconds = () => Math.floor(now().getTime() / 1000);

  function invoiceJson(sub: StandInSubscription, expandSecret: boolean): Record<string, unknown> {
    return {
      id: sub.invoiceId,
      object: 'invoice',
      amount_due: 499,
      amount_paid: sub.status === 'incomplete' ? 0 : 499,
      billing_reason: 'subscription_create',
      currency: 'usd',
      customer: sub.customer,
      livemode: false,
      status: sub.status === 'incomplete' ? 'open' : 'paid',
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: sub.metadata, subscription: sub.id } },
      period_start: sub.periodStart,
      period_end: sub.periodStart,
      ...(expandSecret ? { confirmation_secret: { client_secret: sub.clientSecret, type: 'payment_intent' } } : {}),
    };
  }

  function setupIntentJson(sub: StandInSubscription, intent: { id: string; clientSecret: string }): Record<string, unknown> {
    return {
      id: intent.id,
      object: 'setup_intent',
      client_secret: intent.clientSecret,
      customer: sub.customer,
      status: 'requires_payment_method',
      usage: 'off_session',
      livemode: false,
    };
  }

  function subscriptionJson(sub: StandInSubscription, expand: string[]): Record<string, unknown> {
    const pending = sub.pendingSetupIntent;
    return {
      id: sub.id,
      object: 'subscription',
      default_payment_method: sub.defaultPaymentMethod,
      pending_setup_intent: pending ? (expand.includes('pending_setup_intent') ? setupIntentJson(sub, pending) : pending.id) : null,
      trial_end: sub.trialEnd,
      trial_start: sub.trialEnd !== null ? sub.created : null,
      trial_settings: { end_behavior: { missing_payment_method: sub.trialEndBehavior ?? 'create_invoice' } },
      billing_cycle_anchor: sub.periodStart,
      cancel_at: null,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      canceled_at: sub.cancelAtPeriodEnd ? seconds() : null,
      collection_method: 'charge_automatically',
      created: sub.created,
      currency: 'usd',
      customer: sub.customer,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${sub.id.slice(4)}`,
            object: 'subscription_item',
            current_period_start: sub.periodStart,
            current_period_end: sub.periodEnd,
            price: { id: sub.priceId, object: 'price', currency: 'usd', unit_amount: 499, recurring: { interval: 'month', interval_count: 1 } },
            quantity: 1,
            subscription: sub.id,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${sub.id}`,
      },
      latest_invoice:
        expand.includes('latest_invoice.confirmation_secret') || expand.includes('latest_invoice')
          ? invoiceJson(sub, expand.includes('latest_invoice.confirmation_secret'))
          : sub.invoiceId,
      livemode: false,
      metadata: sub.metadata,
      status: sub.status,
    };
  }

  const metadataOf = (params: URLSearchParams) => {
    const metadata: Record<string, string> = {};
    for (const [key, value] of params) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match?.[1]) metadata[match[1]] = value;
    }
    return metadata;
  };
  const expandOf = (params: URLSearchParams) => [...params].filter(([key]) => key.startsWith('expand[')).map(([, value]) => value);
  const missing = (kind: string, name: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${name}'`, param: 'id' } },
  });

  function route(method: string, path: string, params: URLSearchParams): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), email: params.get('email') ?? '', metadata: metadataOf(params) };
      customers.set(customer.id, customer);
      return { status: 200, body: { ...customer, object: 'customer', created: seconds(), livemode: false } };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = params.get('customer') ?? '';
      if (!customers.has(customer)) return missing('customer', customer);
      const priceId = params.get('items[0][price]') ?? '';
      if (priceId !== config.priceId) return missing('price', priceId);
      if (params.get('payment_behavior') !== 'default_incomplete')
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'stand-in expects payment_behavior=default_incomplete' } } };
      const start = seconds();
      // Stripe: a trial_end creates the subscription trialing, its period the trial, with a setup
      // intent to save the card instead of a first invoice to pay.
      const trialEnd = params.has('trial_end') ? Number(params.get('trial_end')) : null;
      if (trialEnd !== null && !(trialEnd > start))
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', param: 'trial_end', message: 'Invalid timestamp: must be an integer Unix timestamp in the future.' },
          },
        };
      const sub: StandInSubscription = {
        id: id('sub'),
        customer,
        status: trialEnd !== null ? 'trialing' : 'incomplete',
        cancelAtPeriodEnd: false,
        periodStart: start,
        periodEnd: trialEnd ?? start + 30 * DAY_S,
        trialEnd,
        pendingSetupIntent: trialEnd !== null ? { id: id('seti'), clientSecret: `${id('seti')}_secret_${randomBytes(8).toString('hex')}` } : null,
        defaultPaymentMethod: null,
        trialEndBehavior: params.get('trial_settings[end_behavior][missing_payment_method]'),
        metadata: metadataOf(params),
        priceId,
        invoiceId: id('in'),
        clientSecret: `${id('pi')}_secret_${randomBytes(8).toString('hex')}`,
        created: start,
      };
      subscriptions.set(sub.id, sub);
      return { status: 200, body: subscriptionJson(sub, expandOf(params)) };
    }
    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subMatch?.[1]) {
      const sub = subscriptions.get(subMatch[1]);
      if (!sub) return missing('subscription', subMatch[1]);
      if (method === 'POST' && params.has('cancel_at_period_end')) sub.cancelAtPeriodEnd = params.get('cancel_at_period_end') === 'true';
      if (method === 'GET' || method === 'POST') return { status: 200, body: subscriptionJson(sub, expandOf(params)) };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const params = new URLSearchParams(request.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? '', path: url.pathname, params, idempotencyKey });
      let answer: { status: number; body: unknown };
      if (request.headers.authorization !== `Bearer ${config.secretKey}`) {
        answer = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
      } else if (failures > 0) {
        failures -= 1;
        answer = { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
      } else if (idempotencyKey && idempotent.has(idempotencyKey)) {
        answer = idempotent.get(idempotencyKey) ?? { status: 500, body: {} };
      } else {
        answer = route(request.method ?? '', url.pathname, params);
        if (idempotencyKey && request.method === 'POST') idempotent.set(idempotencyKey, answer);
      }
      response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe(config.secretKey);

  const get = (subscriptionId: string) => {
    const sub = subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`stand-in has no subscription ${subscriptionId}`);
    return sub;
  };

  return {
    endpoint: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    subscriptions,
    customers,
    failNext(count) {
      failures = count;
    },
    payFirstInvoice(subscriptionId) {
      const sub = get(subscriptionId);
      if (sub.pendingSetupIntent)
        throw new Error(`stand-in subscription ${subscriptionId} is trialing: it has no first invoice to pay, confirm its setup intent`);
      sub.status = 'active';
      sub.periodStart = seconds();
      sub.periodEnd = sub.periodStart + 30 * DAY_S;
      sub.defaultPaymentMethod = id('pm');
    },
    confirmSetupIntent(subscriptionId) {
      const sub = get(subscriptionId);
      if (!sub.pendingSetupIntent) throw new Error(`stand-in subscription ${subscriptionId} has no pending setup intent`);
      sub.pendingSetupIntent = null;
      sub.defaultPaymentMethod = id('pm');
    },
    update(subscriptionId, patch) {
      Object.assign(get(subscriptionId), patch);
    },
    subscriptionJson: (subscriptionId) => subscriptionJson(get(subscriptionId), []),
    invoiceJson: (subscriptionId) => invoiceJson(get(subscriptionId), false),
    signedEvent(type, object, options = {}) {
      const eventId = options.eventId ?? id('evt');
      const payload = JSON.stringify(
        {
          id: eventId,
          object: 'event',
          api_version: '2026-10-28.endive',
          created: seconds(),
          type,
          data: { object },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
        },
        null,
        2,
      );
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? config.webhookSecret });
      return { eventId, payload, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
