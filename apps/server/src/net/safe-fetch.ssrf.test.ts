// The SSRF suite (issue 8 item 4, docs/security.md §1f): every way of pointing the fetcher
// at this machine or a private network is refused by default, and a canary server on 127.0.0.1
// (and [::1] when the machine has it) counts 0 hits. Loopback only: targets outside 127.0.0.0/8
// and ::1 are checked by the URL policy and by stubbed DNS, never by sending them traffic.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFixtureServer, type FixtureServer } from '../testing/fixture-server.js'
import {
  checkUrl,
  createSafeFetcher,
  FetchBlockedError,
  isAddableUrl,
  isPublicAddress,
  urlPolicy,
  type BlockReason,
  type Resolver,
} from './safe-fetch.js'
import { guardedLookup } from './guarded-lookup.js'

let canary: FixtureServer
let redirector: FixtureServer
let P: number

/** Stub DNS: each name maps to its answers; everything else fails like NXDOMAIN. */
function fakeDns(table: Record<string, string[]>) {
  const calls: string[] = []
  const resolve: Resolver = (hostname, _options, callback) => {
    calls.push(hostname)
    const answers = table[hostname]
    if (!answers) {
      callback(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
        [],
      )
      return
    }
    callback(
      null,
      answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    )
  }
  return { resolve, calls }
}

const dns = fakeDns({
  'loopback.test': ['127.0.0.1'],
  'mixed.test': ['93.184.216.34', '127.0.0.1'],
  'v6loop.test': ['::1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'compat.test': ['::7f00:1'],
  'nat64.test': ['64:ff9b::7f00:1'],
  'metadata.google.internal': ['169.254.169.254'],
  'intranet.test': ['10.1.2.3'],
  'public.test': ['93.184.216.34'],
})

async function refusal(fetcher: ReturnType<typeof createSafeFetcher>, url: string) {
  const error: unknown = await fetcher.fetch(url).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error, url).toBeInstanceOf(FetchBlockedError)
  return (error as FetchBlockedError).reason
}

beforeAll(async () => {
  canary = await startFixtureServer({}, { fallback: { body: 'canary' }, alsoIpv6: true })
  P = canary.port
  redirector = await startFixtureServer({
    '/to-canary': { status: 302, headers: { location: `http://127.0.0.1:${P}/` } },
    '/to-canary-name': { status: 301, headers: { location: `http://loopback.test:${P}/` } },
    '/to-localhost': { status: 307, headers: { location: `http://localhost:${P}/` } },
    '/to-mapped': { status: 308, headers: { location: `http://[::ffff:7f00:1]:${P}/` } },
    '/to-file': { status: 302, headers: { location: 'file:///etc/passwd' } },
    '/to-metadata': {
      status: 302,
      headers: { location: 'http://169.254.169.254/latest/meta-data/' },
    },
    '/via-hop': { status: 302, headers: { location: '/to-canary' } },
  })
})

afterAll(async () => {
  // The point of the whole suite: nothing above ever reached the canary.
  expect(canary.hits()).toBe(0)
  await Promise.all([canary.close(), redirector.close()])
})

// Every loopback spelling, with the canary's port P.
const loopbackTargets = () => [
  `http://127.0.0.1:${P}/`,
  `http://127.1:${P}/`,
  `http://127.255.255.254:${P}/`,
  `http://2130706433:${P}/`,
  `http://0x7f000001:${P}/`,
  `http://0x7f.0.0.1:${P}/`,
  `http://0177.0.0.1:${P}/`,
  `http://0.0.0.0:${P}/`,
  `http://0:${P}/`,
  `http://[::1]:${P}/`,
  `http://[::ffff:127.0.0.1]:${P}/`,
  `http://[::ffff:7f00:1]:${P}/`,
  `http://[0:0:0:0:0:ffff:7f00:1]:${P}/`,
  `http://[::]:${P}/`,
  // IPv4-compatible (deprecated) and NAT64 forms of 127.0.0.1.
  `http://[::127.0.0.1]:${P}/`,
  `http://[::7f00:1]:${P}/`,
  `http://[0:0:0:0:0:0:127.0.0.1]:${P}/`,
  `http://[64:ff9b::127.0.0.1]:${P}/`,
  `http://[64:ff9b::7f00:1]:${P}/`,
  `https://127.0.0.1:${P}/`,
  `http://localhost:${P}/`,
  `http://LOCALHOST.:${P}/`,
  `http://app.localhost:${P}/`,
  `http://localhost..:${P}/`,
  `http://localhost.localdomain:${P}/`,
  `http://loopback.test:${P}/`,
  `http://mixed.test:${P}/`,
  `http://v6loop.test:${P}/`,
  `http://mapped.test:${P}/`,
  `http://compat.test:${P}/`,
  `http://nat64.test:${P}/`,
  `http://127.0.0.1:${P}/%0d%0aHost:%20evil`,
]

describe('refused by default, with the canary untouched', () => {
  test('every loopback spelling on the canary port is refused (the port rule alone stops them)', async () => {
    const fetcher = createSafeFetcher({ resolve: dns.resolve })
    try {
      for (const url of loopbackTargets()) {
        expect(['port', 'local-hostname', 'private-address']).toContain(await refusal(fetcher, url))
      }
    } finally {
      await fetcher.close()
    }
  })

  test('with the canary port allowed, the address rule alone refuses every one of them', async () => {
    // Proves the address check independently of the port rule: P is an allowed port here.
    const fetcher = createSafeFetcher({ resolve: dns.resolve, ports: [80, 443, P] })
    try {
      const reasons = new Map<string, BlockReason>()
      for (const url of loopbackTargets()) reasons.set(url, await refusal(fetcher, url))
      for (const [url, reason] of reasons) {
        expect(['local-hostname', 'private-address'], url).toContain(reason)
      }
      expect(reasons.get(`http://localhost:${P}/`)).toBe('local-hostname')
      expect(reasons.get(`http://loopback.test:${P}/`)).toBe('private-address')
    } finally {
      await fetcher.close()
    }
  })

  test('a name with one public and one private answer is refused, resolved exactly once', async () => {
    const local = fakeDns({ 'mixed.test': ['93.184.216.34', '127.0.0.1'] })
    const fetcher = createSafeFetcher({ resolve: local.resolve, ports: [80, 443, P] })
    try {
      expect(await refusal(fetcher, `http://mixed.test:${P}/`)).toBe('private-address')
      // One resolution, checked and used by the same socket: no second answer to rebind with.
      expect(local.calls).toEqual(['mixed.test'])
    } finally {
      await fetcher.close()
    }
  })

  test('DNS rebinding: a name answering 203.0.113.10, then 127.0.0.1, is resolved once and refused', async () => {
    let calls = 0
    const rebinding: Resolver = (_hostname, _options, callback) => {
      calls += 1
      const address = calls === 1 ? '203.0.113.10' : '127.0.0.1'
      callback(null, [{ address, family: 4 }])
    }
    const fetcher = createSafeFetcher({ resolve: rebinding, ports: [80, 443, P] })
    try {
      // TEST-NET-3 is reserved, not public: refused at the only resolution the socket makes.
      expect(await refusal(fetcher, `http://rebind.test:${P}/`)).toBe('private-address')
      expect(calls).toBe(1)
    } finally {
      await fetcher.close()
    }
  })

  test('non-http schemes are refused', async () => {
    const fetcher = createSafeFetcher({ resolve: dns.resolve })
    try {
      for (const url of [
        'file:///etc/passwd',
        `ftp://127.0.0.1:${P}/`,
        `gopher://127.0.0.1:${P}/_GET`,
        'data:,x',
        'data:text/html,<a href=x>x</a>',
        'javascript:alert(1)',
        `ws://127.0.0.1:${P}/`,
      ]) {
        expect(await refusal(fetcher, url)).toBe('scheme')
      }
    } finally {
      await fetcher.close()
    }
  })

  test('credentials in the URL, junk and a 10,000-character URL are refused', async () => {
    const fetcher = createSafeFetcher({ resolve: dns.resolve, ports: [80, 443, P] })
    try {
      expect(await refusal(fetcher, `http://user:pw@127.0.0.1:${P}/`)).toBe('credentials')
      expect(await refusal(fetcher, `http://user@public.test/`)).toBe('credentials')
      expect(await refusal(fetcher, 'not a url')).toBe('invalid-url')
      expect(await refusal(fetcher, `http://public.test/${'a'.repeat(10_000)}`)).toBe('invalid-url')
    } finally {
      await fetcher.close()
    }
  })

  test('other ports are refused before any DNS lookup', async () => {
    const local = fakeDns({ 'public.test': ['93.184.216.34'] })
    const fetcher = createSafeFetcher({ resolve: local.resolve })
    try {
      for (const port of [22, 25, 3000, 5432, 6379, 8080, 8443]) {
        expect(await refusal(fetcher, `http://public.test:${port}/`)).toBe('port')
      }
      expect(local.calls).toEqual([])
    } finally {
      await fetcher.close()
    }
  })

  test('a public page that redirects to a private target is refused at that hop', async () => {
    const fetcher = createSafeFetcher({
      resolve: dns.resolve,
      allowHosts: [redirector.hostPort],
      ports: [80, 443, P],
    })
    try {
      for (const path of [
        '/to-canary',
        '/to-canary-name',
        '/to-localhost',
        '/to-mapped',
        '/to-metadata',
        '/via-hop',
      ]) {
        expect(['private-address', 'local-hostname']).toContain(
          await refusal(fetcher, `${redirector.origin}${path}`),
        )
      }
      expect(await refusal(fetcher, `${redirector.origin}/to-file`)).toBe('scheme')
      expect(redirector.hits()).toBeGreaterThanOrEqual(8)
    } finally {
      await fetcher.close()
    }
  })

  test('the redirect is refused by default too, where the port rule stops it first', async () => {
    const fetcher = createSafeFetcher({ resolve: dns.resolve, allowHosts: [redirector.hostPort] })
    try {
      expect(await refusal(fetcher, `${redirector.origin}/to-canary`)).toBe('port')
    } finally {
      await fetcher.close()
    }
  })

  test('an allowlisted entry lets through exactly its host and port, nothing else', async () => {
    const fetcher = createSafeFetcher({ allowHosts: [`127.0.0.1:${P + 1}`], resolve: dns.resolve })
    try {
      expect(await refusal(fetcher, `http://127.0.0.1:${P}/`)).toBe('port')
      expect(await refusal(fetcher, `http://localhost:${P + 1}/`)).toBe('port')
    } finally {
      await fetcher.close()
    }
  })
})

describe('the URL policy on addresses no test may send traffic to', () => {
  const blocked = [
    'http://10.0.0.1/',
    'http://10.255.255.255/',
    'http://172.16.0.1/',
    'http://172.31.255.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://100.127.255.254/',
    'http://0.0.0.0/',
    'http://255.255.255.255/',
    'http://224.0.0.1/',
    'http://192.0.2.1/',
    'http://198.18.0.1/',
    'http://[fd00::1]/',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[2002:a9fe:a9fe::]/',
    'http://[2001::1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[ff02::1]/',
    // IPv4-compatible ::a.b.c.d (deprecated, ::/96): never public, whatever IPv4 it carries.
    'http://[::10.0.0.1]/',
    'http://[::a9fe:a9fe]/',
    'http://[::8.8.8.8]/',
    'http://[::1:2]/',
    // NAT64 (64:ff9b::/96) judged by the IPv4 inside; the local-use prefix is never public.
    'http://[64:ff9b::10.0.0.1]/',
    'http://[64:ff9b::c0a8:101]/',
    'http://[64:ff9b::]/',
    'http://[64:ff9b:1::808:808]/',
    'http://012.0.0.1/',
    'http://0xa9.0xfe.0xa9.0xfe/',
    'http://2852039166/',
  ]

  test.each(blocked)('%s is refused as a private address', (url) => {
    expect(() => checkUrl(new URL(url))).toThrow(FetchBlockedError)
    try {
      checkUrl(new URL(url))
    } catch (error) {
      expect((error as FetchBlockedError).reason).toBe('private-address')
    }
  })

  test('public addresses and names pass the URL policy', () => {
    for (const url of [
      'http://93.184.216.34/',
      'https://8.8.8.8/',
      'http://[2606:4700:4700::1111]/',
      'http://[64:ff9b::808:808]/',
      'http://[64:ff9b::8.8.4.4]/',
      'http://[::ffff:8.8.8.8]/',
      'https://local.example.com/',
      'https://internal.example.com/',
      'https://localhost.example.com/',
      'https://www.example.com/page',
      'http://example.com:80/',
      'https://example.com:443/',
    ]) {
      expect(checkUrl(new URL(url))).toEqual({ allowlisted: false })
    }
  })

  test('isPublicAddress: only public unicast, IPv4-mapped judged by its IPv4', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true)
    expect(isPublicAddress('::ffff:93.184.216.34')).toBe(true)
    expect(isPublicAddress('::ffff:127.0.0.1')).toBe(false)
    expect(isPublicAddress('::ffff:7f00:1')).toBe(false)
    expect(isPublicAddress('100.64.0.1')).toBe(false)
    expect(isPublicAddress('not an ip')).toBe(false)
  })

  test('isPublicAddress: IPv4-compatible never, NAT64 judged by its IPv4', () => {
    for (const address of ['::7f00:1', '::127.0.0.1', '::8.8.8.8', '::808:808', '::', '::1']) {
      expect(isPublicAddress(address), address).toBe(false)
    }
    for (const address of ['64:ff9b::7f00:1', '64:ff9b::10.0.0.1', '64:ff9b::a9fe:a9fe']) {
      expect(isPublicAddress(address), address).toBe(false)
    }
    expect(isPublicAddress('64:ff9b::808:808')).toBe(true)
    expect(isPublicAddress('64:ff9b::8.8.8.8')).toBe(true)
    expect(isPublicAddress('64:ff9b:1::808:808')).toBe(false)
  })

  test.each([
    'http://printer.local/',
    'http://PRINTER.LOCAL./',
    'http://metadata.google.internal/',
    'http://db.internal../',
    'http://app.localhost/',
    'http://localhost./',
    'http://localhost../',
    'http://router.home.arpa/',
    'http://localhost.localdomain/',
  ])('%s is refused as a local name, without DNS', (url) => {
    let reason: BlockReason | undefined
    try {
      checkUrl(new URL(url))
    } catch (error) {
      reason = (error as FetchBlockedError).reason
    }
    expect(reason).toBe('local-hostname')
  })

  test('names resolving to private addresses are refused at connect time, every answer checked', async () => {
    const lookup = guardedLookup(dns.resolve)
    const attempt = (host: string, all: boolean) =>
      new Promise<{ error: Error | null; address: unknown }>((resolve) => {
        lookup(host, { all }, (error, address) => resolve({ error, address }))
      })
    for (const host of ['intranet.test', 'metadata.google.internal', 'mixed.test', 'mapped.test']) {
      for (const all of [true, false]) {
        const { error } = await attempt(host, all)
        expect(error, host).toBeInstanceOf(FetchBlockedError)
      }
    }
    // A public answer is handed to the socket unchanged, in both forms Node asks for.
    expect(await attempt('public.test', false)).toEqual({ error: null, address: '93.184.216.34' })
    expect(await attempt('public.test', true)).toEqual({
      error: null,
      address: [{ address: '93.184.216.34', family: 4 }],
    })
  })
})

describe('isAddableUrl: the check when a user adds a URL', () => {
  const table = fakeDns({
    'intranet.test': ['10.1.2.3'],
    'mixed.test': ['93.184.216.34', '10.0.0.1'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'compat.test': ['::7f00:1'],
    'nat64.test': ['64:ff9b::a9fe:a9fe'],
    'v6private.test': ['2606:4700::1', 'fd12::1'],
    'public.test': ['93.184.216.34', '2606:4700:4700::1111'],
    'nat64public.test': ['64:ff9b::5db8:d822'],
  })
  const addable = (url: string, options: Parameters<typeof isAddableUrl>[1] = {}) =>
    isAddableUrl(url, { resolve: table.resolve, ...options })

  test('a name resolving to any non-public address is refused', async () => {
    for (const host of [
      'intranet.test',
      'mixed.test',
      'mapped.test',
      'compat.test',
      'nat64.test',
      'v6private.test',
    ]) {
      expect(await addable(`https://${host}/page`), host).toBe(false)
    }
  })

  test('a name resolving only to public addresses is allowed', async () => {
    expect(await addable('https://public.test/page')).toBe(true)
    expect(await addable('https://nat64public.test/')).toBe(true)
  })

  test('a name that does not resolve, or not in time, may still be saved', async () => {
    expect(await addable('https://not-registered-yet.test/')).toBe(true)
    const hanging: Resolver = () => {}
    const started = Date.now()
    expect(await addable('https://slow.test/', { resolve: hanging, timeoutMs: 50 })).toBe(true)
    expect(Date.now() - started).toBeLessThan(2_000)
    const throwing: Resolver = () => {
      throw new Error('resolver broke')
    }
    expect(await addable('https://broken.test/', { resolve: throwing })).toBe(true)
  })

  test('the URL rules come first: no DNS for literals, local names, other ports or junk', async () => {
    const local = fakeDns({})
    for (const url of [
      'http://[::127.0.0.1]/',
      'http://[::7f00:1]/',
      'http://[64:ff9b::a00:1]/',
      'http://10.0.0.1/',
      'http://printer.local/',
      'http://metadata.google.internal/',
      'http://localhost./',
      'http://public.test:8080/',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(await isAddableUrl(url, { resolve: local.resolve }), url).toBe(false)
    }
    expect(await isAddableUrl('http://93.184.216.34/', { resolve: local.resolve })).toBe(true)
    expect(local.calls).toEqual([])
  })

  test('an allowlisted host:port is allowed without DNS, even on a private address', async () => {
    const local = fakeDns({ 'intranet.test': ['10.1.2.3'] })
    const policy = urlPolicy({ allowHosts: ['intranet.test:8080', '127.0.0.1:3000'] })
    expect(
      await isAddableUrl('http://intranet.test:8080/', { policy, resolve: local.resolve }),
    ).toBe(true)
    expect(await isAddableUrl('http://127.0.0.1:3000/', { policy, resolve: local.resolve })).toBe(
      true,
    )
    expect(local.calls).toEqual([])
    // The same name on another port is not allowlisted: its private answer refuses it.
    expect(await isAddableUrl('http://intranet.test/', { policy, resolve: local.resolve })).toBe(
      false,
    )
  })
})
