// fast-check arbitraries for hostile requests (issue 14 item 7): the kinds of input that once
// answered 500 (NUL, lone surrogates, prototype keys, deep nesting), plus huge strings, wrong types,
// invalid UUIDs and path tricks, mixed with the field and parameter names the routes really read.
import fc from 'fast-check'

/** Field names the routes' JSON bodies read (both mounts), so generated bodies reach validation. */
const BODY_FIELDS = [
  'name',
  'category',
  'address',
  'city',
  'state',
  'zip',
  'phone',
  'website',
  'pageUrl',
  'locations',
  'keyword',
  'locationId',
  'location',
  'url',
  'anchorText',
  'linkType',
  'quality',
  'status',
  'platform',
  'listed',
  'ids',
  'service',
  'connected',
  'points',
  'email',
  'password',
  'data',
  'refresh_token',
  'token',
  'token_hash',
  'type',
  'create_user',
  'factor_type',
  'friendly_name',
  'issuer',
  'challenge_id',
  'code',
  'phone',
]

/** Query parameter names the routes read. */
const QUERY_NAMES = [
  'location',
  'domain',
  'type',
  'quality',
  'range',
  'page',
  'pageSize',
  'q',
  'status',
  'keyword',
  'platform',
  'days',
  'sort',
  'grant_type',
  'token',
  'redirect_to',
  'scope',
]

const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
]

const hostileText = fc.oneof(
  fc.string().map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\ud83d', '\udc00b', '\u0000\ud800'),
  fc.constantFrom(...PROTO_KEYS),
  fc.constantFrom('../../etc/passwd', '%2e%2e%2f', '..%00', '/%2F/', '\\\\server\\share', ' ', ''),
  fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000-000000000000', 'loc_1_zz', "' OR 1=1 --"),
  fc.integer({ min: 1, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
)

const scalar = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
)

/** A JSON value up to a few levels deep, with hostile keys and leaves. */
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(
    fc.oneof(fc.constantFrom(...BODY_FIELDS, ...PROTO_KEYS), hostileText),
    tie('value'),
    {
      maxKeys: 5,
    },
  ),
})).value

/** `[` or `{` nested thousands deep, built as text (no recursion anywhere). */
const deepJson = fc
  .record({ depth: fc.integer({ min: 33, max: 6_000 }), open: fc.constantFrom('[', '{"a":') })
  .map(({ depth, open }) => {
    const close = open === '[' ? ']' : '}'
    return `{"data":${open.repeat(depth)}1${close.repeat(depth)}}`
  })

/** A JSON text: an object of real field names with hostile values, or something worse. */
const jsonBody = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .dictionary(fc.constantFrom(...BODY_FIELDS), hostileValue, { maxKeys: 6 })
      .map((o) => JSON.stringify(o)),
  },
  { weight: 1, arbitrary: deepJson },
  { weight: 1, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? 'null') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"email":',
      '{',
      'null',
      '[]',
      '"\\u0000"',
      '{"__proto__":{"x":1}}',
    ),
  },
)

export interface HostileRequest {
  path: string
  query: [string, string][]
  contentType: string | undefined
  body: string | undefined
}

/** Values for one path parameter: the caller's real ids (to get past the 404) or hostile text. */
export function hostileRequest(
  pathTemplate: string,
  method: string,
  realIds: readonly string[],
): fc.Arbitrary<HostileRequest> {
  const params = [...pathTemplate.matchAll(/:(\w+)/g)].map((m) => m[0])
  const paramValue = fc.oneof(
    { weight: 2, arbitrary: realIds.length > 0 ? fc.constantFrom(...realIds) : hostileText },
    { weight: 3, arbitrary: hostileText.filter((s) => s.length < 5_000) },
  )
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return fc
    .record({
      params: fc.tuple(...params.map(() => paramValue)),
      query: fc.array(
        fc.tuple(
          fc.constantFrom(...QUERY_NAMES),
          hostileText.filter((s) => s.length < 5_000),
        ),
        {
          maxLength: 3,
        },
      ),
      contentType: fc.oneof(
        { weight: 8, arbitrary: fc.constant('application/json') },
        {
          weight: 1,
          arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', undefined),
        },
      ),
      body: hasBody ? jsonBody : fc.constant(undefined),
    })
    .map(({ params: values, query, contentType, body }) => {
      let path = pathTemplate
      params.forEach((param, i) => {
        path = path.replace(param, percentEncode(values[i] ?? ''))
      })
      return { path, query, contentType, body }
    })
}

/** Percent-encodes the UTF-8 bytes (a lone surrogate goes as U+FFFD, as any client would send it). */
function percentEncode(text: string): string {
  let out = ''
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte)
    out += /[A-Za-z0-9\-_.~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/** The URL of a generated request (query values percent-encoded, NUL and all). */
export function requestUrl(request: HostileRequest): string {
  const search = request.query
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join('&')
  return search ? `${request.path}?${search}` : request.path
}
