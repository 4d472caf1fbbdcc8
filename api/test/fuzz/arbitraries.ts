import { gzipSync } from 'node:zlib';
import fc from 'fast-check';

/**
 * Hostile inputs for fuzz.test.ts: values, bodies (as the exact bytes sent), path parameters and headers.
 *
 * Objects are built with Object.fromEntries, never by assignment: `obj['__proto__'] = x` would set the prototype
 * instead of a key, while fromEntries makes an own `__proto__` property that JSON.stringify sends as text.
 */

// ---------------------------------------------------------------------------------------------------------------
// Values

/** Keys that hurt when a server merges, spreads or looks up request objects naively. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
/** Keys that shadow methods servers call on plain objects. */
const METHOD_KEYS = ['toString', 'valueOf', 'hasOwnProperty', 'toJSON', 'then'] as const;
const OPERATOR_KEYS = [
  ...['$gt', '$gte', '$lt', '$ne', '$eq', '$in', '$nin', '$regex', '$where', '$exists', '$expr'],
  ...['$set', '$inc', '$unset', '$function'],
] as const;

/** What a polluted prototype would carry: the test checks `({}).polluted` and friends afterwards. */
export const POLLUTION = {
  polluted: 'yes',
  isAdmin: true,
  canAccessFeatures: true,
  trialEndsAt: '2999-01-01T00:00:00.000Z',
};

const weirdStrings = fc.constantFrom(
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  ' 1 ',
  '1.0',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '__proto__',
  'constructor',
  '$ne',
  '$where',
  '{"$gt":""}',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '\u0000',
  'a\u0000b',
  '\u202e\u0301',
  '😀💪',
  '../../etc/passwd',
  '2026-13-45T99:99:99Z',
  '2999-01-01T00:00:00.000Z',
  '0001-01-01T00:00:00.000Z',
  '2026-11-20T10:00:00.000+14:00',
  '\ud800', // a lone surrogate: JSON.stringify escapes it, the server decodes it
  'lbs',
  'kg',
  'warmup',
  'working',
  'x'.repeat(300),
);

const weirdNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  1.5,
  3.0000001,
  999_999,
  1_000_000,
  1000,
  1001,
  2000,
  2000.0001,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
);

export const scalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false),
  weirdNumbers,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  weirdStrings,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
);

/** `{ "$gt": "" }` and friends: what a server passing request values into queries would obey. */
export const operatorObject: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    { $gt: '' },
    { $ne: null },
    { $where: 'sleep(100) || true' },
    { $regex: '.*' },
    { $exists: true },
    { $in: [1, 2, 3] },
    { $expr: { $eq: [1, 1] } },
    { $function: { body: 'function () { return true }', args: [], lang: 'js' } },
    { $set: { passwordHash: 'x', trialEndsAt: '2999-01-01' } },
    { $inc: { cycleCount: 1000 } },
  ),
  fc.tuple(fc.constantFrom(...OPERATOR_KEYS), scalar).map(([key, value]) => Object.fromEntries([[key, value]])),
);

/** An object whose keys are prototype, method, operator or dotted names. */
export const hostileKeyObject: fc.Arbitrary<unknown> = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...PROTOTYPE_KEYS, ...METHOD_KEYS, ...OPERATOR_KEYS, 'a.b', '$', '', ' '),
        fc.string({ maxLength: 10 }),
      ),
      fc.oneof(scalar, fc.constant(POLLUTION), fc.constant({ prototype: POLLUTION })),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((entries) => Object.fromEntries(entries));

/** Anything a JSON body field could hold, with the hostile shapes over-represented. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 3, arbitrary: operatorObject },
  { weight: 2, arbitrary: hostileKeyObject },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [[]], [{}], [null]) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// ---------------------------------------------------------------------------------------------------------------
// Mutations of a valid body

type Path = (string | number)[];

/** Every node of a JSON value, the root first, as paths. */
function nodePaths(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => nodePaths(item, [...path, i], out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) nodePaths(item, [...path, key], out);
  }
  return out;
}

/** `value` with the node at `path` replaced by `update(node)` (undefined deletes an object key); copies, never mutates. */
function updateAt(value: unknown, path: Path, update: (node: unknown) => unknown): unknown {
  if (path.length === 0) return update(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? updateAt(item, rest, update) : item));
  const entries = Object.entries(value as object).flatMap(([key, item]): [string, unknown][] => {
    if (key !== head) return [[key, item]];
    const next = updateAt(item, rest, update);
    return next === undefined ? [] : [[key, next]];
  });
  return Object.fromEntries(entries);
}

export type Mutation =
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'addKey'; at: number; key: string; value: unknown }
  | { op: 'delete'; at: number }
  | { op: 'wrap'; at: number };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('addKey' as const),
      at: fc.nat(),
      key: fc.constantFrom(
        ...PROTOTYPE_KEYS,
        ...METHOD_KEYS,
        ...OPERATOR_KEYS,
        ...['userId', '_id', 'a.b', 'passwordHash', 'hasPaid'],
      ),
      value: fc.oneof(hostileValue, fc.constant(POLLUTION)),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('wrap' as const), at: fc.nat() }) },
);

export function applyMutation(body: unknown, m: Mutation): unknown {
  const paths = nodePaths(body);
  const path = paths[m.at % paths.length];
  switch (m.op) {
    case 'replace':
      return updateAt(body, path, () => m.value);
    case 'addKey':
      return updateAt(body, path, (node) =>
        node !== null && typeof node === 'object' && !Array.isArray(node)
          ? Object.fromEntries([...Object.entries(node), [m.key, m.value]])
          : Object.fromEntries([[m.key, m.value]]),
      );
    case 'delete':
      // Deleting the whole body leaves an empty object (undefined has no JSON).
      return path.length === 0 ? {} : updateAt(body, path, () => undefined);
    case 'wrap':
      return updateAt(body, path, (node) => [node]);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Bodies: the exact bytes, with a content type (or none)

export interface Payload {
  /** What the body is, for the failure report. */
  kind: string;
  /** undefined: no body at all. */
  body?: Buffer;
  contentType?: string;
  contentEncoding?: string;
  /** Headers the body needs (a Stripe signature). */
  headers?: Record<string, string>;
}

const json = (kind: string, value: unknown): Payload => ({
  kind,
  body: Buffer.from(JSON.stringify(value) ?? 'null'),
  contentType: 'application/json',
});
const raw = (kind: string, text: string | Buffer, contentType?: string, contentEncoding?: string): Payload => ({
  kind,
  body: Buffer.isBuffer(text) ? text : Buffer.from(text),
  contentType,
  contentEncoding,
});

/** Splices `"key": value` texts into the outermost object of `body` (or wraps them in a new one). */
function withRawMembers(body: unknown, members: string[]): string {
  const text = JSON.stringify(body) ?? 'null';
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const inner = text.slice(1, -1);
    return `{${[...members, ...(inner ? [inner] : [])].join(',')}}`;
  }
  return `{${members.join(',')}}`;
}

const POLLUTION_TEXT = JSON.stringify(POLLUTION);
const protoMembers = fc.subarray(
  [
    `"__proto__":${POLLUTION_TEXT}`,
    `"constructor":{"prototype":${POLLUTION_TEXT}}`,
    `"prototype":${POLLUTION_TEXT}`,
    `"__proto__":null`,
    `"__proto__":[]`,
    `"toString":"x"`,
    `"valueOf":{"$gt":""}`,
    `"hasOwnProperty":1`,
  ],
  { minLength: 1 },
);

const invalidJsonTexts = fc.constantFrom(
  '{',
  '}',
  '{"email":',
  '{"email": "a@b.c",}',
  "{'email':'a@b.c'}",
  '{"a":1}{"b":2}',
  '{"a":01}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '[1,2',
  '"unterminated',
  '"a string"',
  '42',
  'null',
  'true',
  '\u0000',
  '\uFEFF{}',
  '{"a":"\\ud800\\u"}',
  '/* comment */ {}',
  '{"__proto__":',
);

/** Numbers JSON allows but doubles cannot hold: they parse to Infinity, 0 or a rounded integer. */
const extremeNumberTexts = fc.constantFrom(
  ...['1e999', '-1e999', '123456789012345678901234567890', '-0', '0.1e-400', '1E+2', '2.', '.5'],
);

/** `["["×depth` or `{"a":×depth`: JSON.parse copes, anything recursing over the body must too. */
export function deepNesting(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** 5 MB of JSON gzipped to a few kB: body-parser must stop inflating at the 100 kB limit. */
let gzipBombCache: Buffer | undefined;
function gzipBomb(): Buffer {
  gzipBombCache ??= gzipSync(Buffer.from(`{"a":"${'0'.repeat(5_000_000)}"}`));
  return gzipBombCache;
}

const wrongContentType = fc.constantFrom(
  ...[
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=fuzz',
    'none',
    'application/xml',
  ],
  ...['application/json; charset=utf-7', 'application/json; charset=latin1', 'application/csp-report'],
  ...['application/vnd.api+json', 'application/json, text/plain', ';;;', 'application/json; boundary'],
);

/**
 * Every kind of body: the route's valid bodies as they are (so valid requests interleave with hostile ones),
 * mutated, replaced by hostile values, spiked with prototype keys, invalid, extreme, huge, deep, compressed or
 * in the wrong content type.
 */
export function payload(validBodies: unknown[]): fc.Arbitrary<Payload> {
  const base = validBodies.length > 0 ? fc.constantFrom(...validBodies) : fc.constant<unknown>({});
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<Payload>({ kind: 'none' }) },
    { weight: 4, arbitrary: base.map((body) => json('valid', body)) },
    {
      weight: 10,
      arbitrary: fc
        .tuple(base, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([body, mutations]) => json('mutated', mutations.reduce(applyMutation, body))),
    },
    { weight: 3, arbitrary: hostileValue.map((value) => json('hostile', value)) },
    {
      weight: 3,
      arbitrary: fc.tuple(base, protoMembers, fc.nat()).map(([body, members, at]) => {
        // Either at the top level or inside a nested object of the valid body (e.g. a set).
        const paths = nodePaths(body).filter((p) => p.length > 0);
        if (at % 2 === 0 || paths.length === 0)
          return raw('prototype keys', withRawMembers(body, members), 'application/json');
        const marker = '"__fuzz_marker__"';
        const path = paths[at % paths.length];
        const text = JSON.stringify(updateAt(body, path, () => '__fuzz_marker__'));
        return raw('nested prototype keys', text.replace(marker, `{${members.join(',')}}`), 'application/json');
      }),
    },
    { weight: 2, arbitrary: invalidJsonTexts.map((text) => raw('invalid json', text, 'application/json')) },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength: 50 }).map((text) => raw('random text as json', text, 'application/json')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.constantFrom('dayId', 'weight', 'reps', 'id', 'email', 'exercises'), extremeNumberTexts)
        .map(([body, key, number]) =>
          raw('extreme number', withRawMembers(body, [`"${key}":${number}`]), 'application/json'),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(base, fc.nat(), fc.constantFrom(50_000, 200_000)).map(([body, at, size]) => {
        // 50 kB fits under the 100 kB limit (the schema must refuse it); 200 kB must be refused as too large.
        const huge = 'A'.repeat(size);
        return json(`huge string (${size / 1000} kB)`, applyMutation(body, { op: 'replace', at, value: huge }));
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          base,
          fc.constantFrom('exercises', 'email', 'dayId', 'workoutDay', 'billingEmail', 'lastCompleted'),
          // 20 000 nested objects are beyond the size limit (413), 20 000 nested lists within it.
          fc.constantFrom(5000, 20_000),
          fc.constantFrom('array' as const, 'object' as const),
        )
        .map(([body, key, depth, kind]) => {
          const text = withRawMembers(body, [`"${key}":${deepNesting(depth, kind)}`]);
          return raw(`deep nesting (${depth} ${kind})`, text, 'application/json');
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('exercises', 'dayId', 'email'), fc.constantFrom(5000, 40_000))
        .map(([key, length]) =>
          // Many elements where a short list (or none) is expected: each must not cost the server much.
          json(`long list (${length})`, Object.fromEntries([[key, new Array(length).fill(0)]])),
        ),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(base, wrongContentType).map(([body, type]) => {
        const text = JSON.stringify(body) ?? '';
        if (type === 'application/x-www-form-urlencoded') {
          return raw('form', 'email[$ne]=1&password[$gt]=&__proto__[polluted]=yes&dayId=1&exercises[0][id]=101', type);
        }
        if (type.startsWith('multipart')) {
          const part = (name: string, value: string) =>
            `--fuzz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
          const parts = [part('email', 'a@b.c'), part('__proto__[polluted]', 'yes'), part('json', text)];
          return raw('multipart', `${parts.join('')}--fuzz--\r\n`, type);
        }
        return raw(`valid text as ${type}`, text, type === 'none' ? undefined : type);
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown', 'gzip, gzip'))
        .map(([body, encoding]) =>
          // Bytes that do not match the claimed encoding.
          raw(`${encoding}-encoded garbage`, JSON.stringify(body) ?? '', 'application/json', encoding),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(0, 1)
        .map((n) =>
          n === 0
            ? raw('gzip bomb', gzipBomb(), 'application/json', 'gzip')
            : raw('gzipped prototype keys', gzipSync(`{"__proto__":${POLLUTION_TEXT}}`), 'application/json', 'gzip'),
        ),
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Path parameters

function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80'; // a lone surrogate cannot be encoded: send its bytes instead
  }
}

/** Path segments a handler must refuse (or not find) without trouble; every one is a valid request-line. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    '%',
    '%%',
    '%E0%A4%A',
    '%ZZ',
    '%C0%AF',
    '$ne',
    '%24ne',
    '%24where',
    '%7B%22%24gt%22%3A%22%22%7D',
    '__proto__',
    'constructor',
    'prototype',
    'hasOwnProperty',
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x1',
    '01',
    '+1',
    '%201',
    '1%00',
    '999999',
    '1000000',
    '99999999999999999999999',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    'ffffffffffffffffffffffff',
    '000000000000000000000000',
    'FFFFFFFFFFFFFFFFFFFFFFFF',
    'zzzzzzzzzzzzzzzzzzzzzzzz',
    '0123456789abcdef0123456789abcdef',
    '%5B%5D',
    '%F0%9F%98%80',
    '%ED%A0%80',
    'a'.repeat(5000),
  ),
  fc.integer({ min: -1e6, max: 1e12 }).map(String),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeSegment),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }).map(encodeSegment),
);

/** A query string (no route reads one, but the query parser runs on every request), or none. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?__proto__[polluted]=yes',
      '?constructor[prototype][polluted]=yes',
      '?email[$ne]=1&password[$gt]=',
      '?a=%',
      '?a=%E0%A4%A',
      '?a&a&a=1&a[]=2',
      `?${'a=1&'.repeat(2000)}`,
      `?a[${'['.repeat(100)}=1`,
      '?checkout=success',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.string({ maxLength: 40 }).map((text) => `?${encodeSegment(text)}=${encodeSegment(text)}`),
  },
);

/** A parameter: usually one the route knows (so the body reaches the handler), else a hostile one. */
export function param(valid: string[]): fc.Arbitrary<string> {
  if (valid.length === 0) return hostileParam;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...valid) }, { weight: 2, arbitrary: hostileParam });
}

// ---------------------------------------------------------------------------------------------------------------
// Headers

export type CookieMode = 'identity' | 'identity+junk' | 'identity+huge' | 'malformed' | 'forged session' | 'oversized';

export interface HeaderChoice {
  cookie: CookieMode;
  junkCookie: string;
  /** For state-changing requests: none, our own origin (or referer), or a foreign one (refused 403 by design). */
  origin: 'none' | 'own' | 'own referer' | 'foreign' | 'null';
  /** For safe methods: any Origin at all. */
  anyOrigin: string | undefined;
  extra: Record<string, string>;
}

// Header values must be visible ASCII (Node's client refuses control characters).
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

const junkCookie = fc.oneof(
  fc.constantFrom(
    'hit.sid=',
    'hit.sid=%',
    'hit.sid=s%3Aforged.signature',
    'hit.sid=s:abc',
    '=;;=;',
    'hit_cohort=../../etc/passwd',
    // The device cookie of the sign-in limits (issue #23): empty, malformed, well-formed but forged.
    'hit.device=',
    'hit.device=a.b.c',
    'hit.device=..',
    `hit.device=${'A'.repeat(22)}.${'B'.repeat(22)}.${'C'.repeat(43)}`,
    'hit.device=%E0%A4%A; hit.device=x',
    'hit_cohort=ffffffffffffffffffffffffffffffff',
    '__proto__=polluted',
    'constructor=x; prototype=y',
    'a=%E0%A4%A',
    `a="${'x'.repeat(100)}`,
  ),
  headerText.map((text) => `fuzz=${text}`),
);

const weirdOrigin = fc.oneof(
  fc.constantFrom(
    ...['null', '', 'http://evil.example', 'https://evil.example:443', 'file://', 'javascript:alert(1)'],
    ...['http://[::1]', 'http://127.0.0.1.evil.example', '%00', 'http://a b'],
  ),
  fc.webUrl(),
  headerText,
);

const extraHeaders = fc.dictionary(
  fc.constantFrom(
    'accept',
    'accept-encoding',
    'accept-language',
    'if-none-match',
    'if-modified-since',
    'range',
    'x-forwarded-for',
    'x-forwarded-proto',
    'x-forwarded-host',
    'x-http-method-override',
    'authorization',
    'user-agent',
    'stripe-signature',
  ),
  fc.oneof(
    headerText,
    fc.constantFrom(
      ...[
        'gzip',
        'br;q=0, gzip;q=0, *;q=0',
        'identity;q=0',
        '*/*',
        'application/json;q=0',
        'bytes=0-0',
        'bytes=-1,1-2',
      ],
      ...['1.2.3.4, garbage', '::ffff:1.2.3.4', 'DELETE', 't=1,v1=deadbeef', 'x'.repeat(4000)],
    ),
  ),
  { maxKeys: 3 },
);

export const headerChoice: fc.Arbitrary<HeaderChoice> = fc.record({
  cookie: fc.oneof(
    { weight: 8, arbitrary: fc.constant<CookieMode>('identity') },
    { weight: 2, arbitrary: fc.constant<CookieMode>('identity+junk') },
    { weight: 1, arbitrary: fc.constantFrom<CookieMode>('identity+huge', 'malformed', 'forged session', 'oversized') },
  ),
  junkCookie,
  origin: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom<HeaderChoice['origin']>('none', 'own') },
    { weight: 1, arbitrary: fc.constantFrom<HeaderChoice['origin']>('own referer', 'foreign', 'null') },
  ),
  anyOrigin: fc.option(weirdOrigin, { freq: 3, nil: undefined }),
  extra: extraHeaders,
});
