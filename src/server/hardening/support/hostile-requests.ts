// fast-check generators for hostile HTTP requests: odd path ids, query strings, headers and
// bodies (JSON of any shape, plausible fields with wrong values, malformed JSON, random bytes).
import fc from 'fast-check';
import { INJECTION_STRINGS } from './hostile-strings.js';

export type AuthMode = 'anonymous' | 'cookie' | 'bearer' | 'admin';

export interface HostileRequest {
  auth: AuthMode;
  params: Record<string, string>;
  query: string;
  headers: Record<string, string>;
  /** undefined: no body; string or Buffer: sent as is */
  body: string | Buffer | undefined;
}

/** Field names the API really reads, so generated bodies reach validation and beyond. */
const FIELD_NAMES = [
  'email',
  'password',
  'confirmPassword',
  'businessName',
  'token',
  'clientName',
  'description',
  'type',
  'imageData',
  'beforePhotoId',
  'afterPhotoId',
  'capturedAt',
  'clientSecret',
  'paymentMethodId',
  'status',
  'id',
  'userId',
  'projectId',
  '__proto__',
  'constructor',
] as const;

const hostileString = fc.oneof(
  fc.constantFrom(...INJECTION_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'before',
    'after',
    'data:image/jpeg;base64,',
    'data:image/jpeg;base64,/9j/4AAQ',
    'data:text/html,<b>x</b>',
    'a@b.co',
    'x'.repeat(5000),
  ),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 31 - 1, 2 ** 53, Number.MAX_SAFE_INTEGER, 1e308, -0, 0.5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const plausibleObject = fc.dictionary(fc.constantFrom(...FIELD_NAMES), fieldValue, { maxKeys: 6 });

const jsonBody = fc.oneof(
  { weight: 4, arbitrary: plausibleObject.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'null', '"text"', '{"__proto__":{"admin":true}}', '{"a":1,"a":2}', '\u0000', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
);

const VISIBLE_ASCII = /^[\x20-\x7e]{0,80}$/;
const headerText = fc.oneof(fc.stringMatching(VISIBLE_ASCII), fc.constantFrom(...INJECTION_STRINGS.filter((s) => VISIBLE_ASCII.test(s))));

const oddHeaders = fc.record(
  {
    'content-type': fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'image/jpeg',
        'image/png',
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
      ),
      headerText,
    ),
    accept: fc.constantFrom('*/*', 'application/json', 'text/html', 'application/pdf', 'image/webp'),
    origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost:1'),
    'sec-fetch-site': fc.constantFrom('cross-site', 'same-site', 'same-origin', 'none'),
    'x-forwarded-for': headerText,
    'if-none-match': headerText,
    range: fc.constantFrom('bytes=0-10', 'bytes=-5', 'bytes=999999999-', 'bytes=abc'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', '*', 'bogus'),
    'content-encoding': fc.constantFrom('gzip', 'deflate', 'bogus'),
    'stripe-signature': headerText,
    'x-http-method-override': fc.constantFrom('DELETE', 'PUT', 'PATCH'),
    cookie: headerText,
    authorization: fc.oneof(
      headerText,
      headerText.map((s) => `Bearer ${s}`),
    ),
    'user-agent': headerText,
    'idempotency-key': fc.oneof(headerText, fc.uuid()),
  },
  { requiredKeys: [] },
);

/** Mostly the headers a normal client sends, so bodies get past content-type and origin checks and reach validation. */
const headersArb = fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 2, arbitrary: oddHeaders });

const queryArb = fc.oneof(
  fc
    .dictionary(
      fc.oneof(
        fc.constantFrom('images', 'type', 'capturedAt', 'mode', 'token', 'page', 'limit', '__proto__', 'constructor[prototype]', 'images[]'),
        fc.string({ maxLength: 8 }),
      ),
      hostileString.map(String),
      { maxKeys: 4 },
    )
    .map((entries) => new URLSearchParams(entries).toString()),
  fc.constantFrom(
    'images=url',
    'images=data',
    'type=before',
    'type=after',
    'type=before&capturedAt=2026-11-21T09:14:00Z',
    'type=after&capturedAt=2026-02-31T00:00:00Z',
    'images=url&images=data',
    '%E0%A4%A',
    'a=%',
    '=&&=',
    'images',
  ),
);

function pathValue(ids: readonly (number | string)[]): fc.Arbitrary<string> {
  const own = ids.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...ids).map(String) }] : [];
  return fc.oneof(
    ...own,
    { weight: 2, arbitrary: fc.constantFrom('0', '-1', '1.5', '1e3', '2147483648', '99999999999999999999', 'NaN', 'null', ' 1', '0x10', '١') },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 1_000_000 }).map(String) },
    { weight: 2, arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 300) },
  );
}

export function hostileRequest(paramNames: string[], knownIds: readonly (number | string)[], method: string): fc.Arbitrary<HostileRequest> {
  const params = fc.record(Object.fromEntries(paramNames.map((name) => [name, pathValue(knownIds)])) as Record<string, fc.Arbitrary<string>>);
  const canHaveBody = method !== 'GET' && method !== 'HEAD';
  const body: fc.Arbitrary<string | Buffer | undefined> = canHaveBody
    ? fc.oneof(
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 6, arbitrary: jsonBody },
        { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)) },
      )
    : fc.constant(undefined);
  return fc.record({
    auth: fc.constantFrom<AuthMode>('anonymous', 'cookie', 'bearer', 'admin'),
    params,
    query: queryArb,
    headers: headersArb,
    body,
  });
}
