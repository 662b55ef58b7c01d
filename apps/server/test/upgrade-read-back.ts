// What an upgrade must keep (issue 37 item 2, docs/decisions/042-upgrade-fixtures.md): every record
// of the fixture's owner, read through the API. The fixture script stores this read in the
// manifest; test/upgrade.test.ts reads the same with the current release and compares. Only stored
// fields are picked, not figures computed at read time, so a new formula is not taken for lost data;
// a later release whose answers change shape changes the picks here, never the manifest.
import type { apiCaller } from '../src/testing/api.js'

type Call = ReturnType<typeof apiCaller>

export const FIXTURE_OWNER = {
  email: 'upgrade-fixture@example.com',
  password: 'upgrade fixture password 1',
}

/** From 0.38.0 (teams, issue 35): a manager who joined the owner's business by invitation. */
export const FIXTURE_MANAGER = {
  email: 'upgrade-fixture-manager@example.com',
  password: 'upgrade fixture password 2',
  name: 'Fixture Manager',
}

/** From 0.38.0: invited as a viewer and never accepted, so the team lists it as pending. */
export const FIXTURE_INVITEE = 'upgrade-fixture-invitee@example.com'

export interface UpgradeManifest {
  /** The release that made the fixture (its package.json version). */
  version: string
  /** The fixture's clock: the test reads at this time, so date ranges cover the same days. */
  madeAt: string
  owner: { email: string; password: string; userId: string }
  /**
   * From 0.38.0: the manager. Its presence says the fixture also holds the team (members, alert
   * emails, a pending invitation) and the reports' settings; older fixtures have neither.
   */
  manager?: { email: string; password: string; userId: string }
  scanId: string
  /**
   * From 0.38.1 (issue 36): a finished keyword analysis, made by its job. Its presence says the
   * fixture holds one; older fixtures were made before analyses were stored.
   */
  analysisId?: string
  /**
   * From 0.38.3: Business Profile posts of the main place, linked to a sample profile (a draft, one
   * 'live' there and one scheduled). Older fixtures have none.
   */
  posts?: true
  expected: Records
}

type Records = Awaited<ReturnType<typeof readBack>>

async function read<T>(call: Call, url: string): Promise<T> {
  const answer = await call<T>('GET', url)
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status}`)
  return answer.body
}

interface Place {
  id: string
  name: string
  address: string
  city: string
  state: string
  zip: string
  country: string
  phone: string
}

const place = (p: Place) => ({
  id: p.id,
  name: p.name,
  address: p.address,
  city: p.city,
  state: p.state,
  zip: p.zip,
  country: p.country,
  phone: p.phone,
})

/** The team and the reports' settings (0.38.0's fixture on), as stored fields. */
async function readTeamAndReports(call: Call) {
  type Member = {
    userId: string
    email: string
    name: string
    role: string
    alertEmails: boolean
    since: string
  }
  type Invitation = {
    id: string
    email: string
    role: string
    createdAt: string
    expiresAt: string
  }
  const team = await read<{ members: Member[]; invitations: Invitation[] }>(call, '/api/team')
  type Logo = { type: string; data: string }
  const settings = await read<{ title: string; color: string; recipients: string[]; logo: Logo }>(
    call,
    '/api/reports/settings',
  )
  type ShareLink = {
    id: string
    kind: string
    month: string | null
    location: string
    label: string
    tokenEnd: string
    expiresAt: string
    createdAt: string
    lastOpenedAt: string | null
    openCount: number
  }
  const { links } = await read<{ links: ShareLink[] }>(call, '/api/share-links')
  return {
    // Without their status, which follows the clock (a link of the fixture has expired since).
    shareLinks: links.map((l) => ({
      id: l.id,
      kind: l.kind,
      month: l.month,
      location: l.location,
      label: l.label,
      tokenEnd: l.tokenEnd,
      expiresAt: l.expiresAt,
      createdAt: l.createdAt,
      lastOpenedAt: l.lastOpenedAt,
      openCount: l.openCount,
    })),
    members: team.members.map((m) => ({
      userId: m.userId,
      email: m.email,
      name: m.name,
      role: m.role,
      alertEmails: m.alertEmails,
      since: m.since,
    })),
    invitations: team.invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      createdAt: i.createdAt,
      expiresAt: i.expiresAt,
    })),
    reportSettings: {
      title: settings.title,
      color: settings.color,
      recipients: settings.recipients,
      logo: settings.logo,
    },
  }
}

/**
 * A keyword analysis (0.38.1's fixture on), as stored fields: the result is the job's stored
 * answer, its figures written when it finished, not worked out when read.
 */
async function readAnalysis(call: Call, id: string) {
  type Analysis = {
    id: string
    keywordId: string
    keyword: string
    status: string
    result: {
      keyword: string
      searchVolume: number | null
      competition: string | null
      relevance: string
      recommendations: string[]
      aiAnalysis: string
      source: string
    } | null
    failure: string | null
    createdAt: string
    finishedAt: string | null
  }
  const { analysis: a } = await read<{ analysis: Analysis }>(call, `/api/keywords/analyses/${id}`)
  return {
    id: a.id,
    keywordId: a.keywordId,
    keyword: a.keyword,
    status: a.status,
    result: a.result && {
      keyword: a.result.keyword,
      searchVolume: a.result.searchVolume,
      competition: a.result.competition,
      relevance: a.result.relevance,
      recommendations: a.result.recommendations,
      aiAnalysis: a.result.aiAnalysis,
      source: a.result.source,
    },
    failure: a.failure,
    createdAt: a.createdAt,
    finishedAt: a.finishedAt,
  }
}

/** The main place's Business Profile posts (0.38.3's fixture on), as stored fields. */
async function readPosts(call: Call) {
  type Post = {
    id: string
    location: string
    content: { topicType: string; summary: string }
    status: string
    publishAt: string | null
    publishAtLocal: string | null
    repeat: string
    googleName: string | null
    sample: boolean
    createdAt: string
  }
  const page = await read<{ posts: Post[] }>(call, '/api/business-profile/posts?location=main')
  return page.posts.map((p) => ({
    id: p.id,
    location: p.location,
    topicType: p.content.topicType,
    summary: p.content.summary,
    status: p.status,
    publishAt: p.publishAt,
    publishAtLocal: p.publishAtLocal,
    repeat: p.repeat,
    googleName: p.googleName,
    sample: p.sample,
    createdAt: p.createdAt,
  }))
}

/**
 * Every record of the signed-in owner that the fixture holds, as stored fields. The team and the
 * reports' settings only when the fixture has a manager (0.38.0 on): an older release had neither;
 * the keyword analysis only when it names one (0.38.1 on), the posts only when it says so (0.38.3 on).
 */
export async function readBack(
  call: Call,
  ids: { scanId: string; manager?: unknown; analysisId?: string; posts?: true },
) {
  type Business = Place & { website: string; category: string; lat: number; lng: number }
  const { business } = await read<{ business: Business }>(call, '/api/business')
  const { locations } = await read<{ locations: Place[] }>(call, '/api/business/locations')
  type Keyword = {
    id: string
    keyword: string
    sample: boolean
    createdAt: string
    checks: (number | null)[]
    latestCheck: { checkedAt: string; map: { status: string; position: number | null } } | null
  }
  const history = await read<{ keywords: Keyword[] }>(
    call,
    '/api/rank-tracker/history?location=main&range=30',
  )
  type Point = { row: number; col: number; status: string; position: number | null }
  type Scan = { id: string; keyword: string; gridSize: number; spacingKm: number; status: string }
  const scan = await read<{ scan: Scan & { createdAt: string }; points: Point[] }>(
    call,
    `/api/geo-grid/scans/${ids.scanId}`,
  )
  type Backlink = { id: string; url: string; anchorText: string; linkType: string; status: string }
  const backlinks = await read<{ items: Backlink[] }>(call, '/api/backlinks')
  type Listing = { platform: string; source: string; url: string; status: string; listed: boolean }
  const listings = await read<{ listings: Listing[]; citations: Listing[] }>(
    call,
    '/api/listings?location=main',
  )
  type Task = { id: string; title: string; status: string; completedDate: string | null }
  const { tasks } = await read<{ tasks: Task[] }>(call, '/api/recommendations')
  type Alert = { id: string; kind: string; message: string; createdAt: string; read: boolean }
  const { notifications } = await read<{ notifications: Alert[] }>(call, '/api/alerts')
  const preferences = await read<{ topics: string[] }>(call, '/api/alerts/preferences')
  type Saved = { id: string; keyword: string; createdAt: string }
  const saved = await read<{ keywords: Saved[] }>(call, '/api/planner/saved')
  type Followed = { id: string; name: string; key: string }
  const { followed } = await read<{ followed: Followed[] }>(
    call,
    '/api/competitors/followed?location=main',
  )

  return {
    business: {
      ...place(business),
      website: business.website,
      category: business.category,
      lat: business.lat,
      lng: business.lng,
    },
    locations: locations.map(place),
    keywords: history.keywords.map((k) => ({
      id: k.id,
      keyword: k.keyword,
      sample: k.sample,
      createdAt: k.createdAt,
      // The positions of the last 30 days: the checks stored (sample ones are made up at read time).
      checks: k.sample ? null : k.checks,
      latestCheck: k.latestCheck && {
        checkedAt: k.latestCheck.checkedAt,
        map: { status: k.latestCheck.map.status, position: k.latestCheck.map.position },
      },
    })),
    scan: {
      id: scan.scan.id,
      keyword: scan.scan.keyword,
      gridSize: scan.scan.gridSize,
      spacingKm: scan.scan.spacingKm,
      status: scan.scan.status,
      createdAt: scan.scan.createdAt,
      points: scan.points.map((p) => ({
        row: p.row,
        col: p.col,
        status: p.status,
        position: p.position,
      })),
    },
    backlinks: backlinks.items.map((b) => ({
      id: b.id,
      url: b.url,
      anchorText: b.anchorText,
      linkType: b.linkType,
      status: b.status,
    })),
    // The owner's recorded listings; the others are sample ones, made up at read time.
    listings: [...listings.listings, ...listings.citations]
      .filter((l) => l.source === 'recorded')
      .map((l) => ({ platform: l.platform, url: l.url, status: l.status, listed: l.listed })),
    tasks: tasks.map((t) => ({
      id: t.id,
      title: t.title,
      status: t.status,
      completedDate: t.completedDate,
    })),
    alerts: notifications.map((a) => ({
      id: a.id,
      kind: a.kind,
      message: a.message,
      createdAt: a.createdAt,
      read: a.read,
    })),
    alertTopics: preferences.topics,
    savedKeywords: saved.keywords.map((s) => ({
      id: s.id,
      keyword: s.keyword,
      createdAt: s.createdAt,
    })),
    followedCompetitors: followed.map((f) => ({ id: f.id, name: f.name, key: f.key })),
    ...(ids.manager ? await readTeamAndReports(call) : {}),
    ...(ids.analysisId ? { keywordAnalysis: await readAnalysis(call, ids.analysisId) } : {}),
    ...(ids.posts ? { posts: await readPosts(call) } : {}),
  }
}
