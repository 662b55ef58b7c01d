// The built-in engine answers from the owner's own data (issue 5): a dentist in Austin and a lawyer
// in Denver get different advice in exactly the ways their businesses differ, every time.
import { BUSINESS_CATEGORIES } from '@localseo/shared/business'
import { pino } from 'pino'
import { describe, expect, test } from 'vitest'
import type { Db } from '../../db/client.js'
import { createAiService } from '../ai-service.js'
import { austinDentist, backlink, denverLawyer } from '../testing/businesses.js'
import { missingLinkSources } from './backlinks-engine.js'

// The built-in engine never touches the database or the network: no quota, no provider.
const ai = createAiService({
  db: undefined as unknown as Db,
  clock: { now: () => new Date('2026-03-10T12:00:00Z') },
  logger: pino({ level: 'silent' }),
  dailyQuota: 100,
  provider: undefined,
})
const userId = 'not-used-by-the-built-in-engine'

const links = [
  backlink('austinchamber.org', 'high', 'Bright Smile Dental'),
  backlink('dir.example', 'low', 'click here', { linkType: 'nofollow' }),
  backlink('dir.example', 'low', 'website', { linkType: 'nofollow', status: 'broken' }),
]

const allText = (value: unknown) => JSON.stringify(value)

describe('built-in keyword analysis', () => {
  test('the same keyword is relevant to the dentist and not to the lawyer', async () => {
    const dentist = await ai.analyseKeyword({
      userId,
      business: austinDentist,
      keyword: 'emergency dentist',
    })
    const lawyer = await ai.analyseKeyword({
      userId,
      business: denverLawyer,
      keyword: 'emergency dentist',
    })
    expect(dentist).toMatchObject({ relevance: 'High', source: 'built-in' })
    expect(lawyer).toMatchObject({ relevance: 'Low', source: 'built-in' })
    expect(allText(dentist)).toContain('Austin')
    expect(allText(dentist)).not.toContain('Denver')
    expect(allText(lawyer)).toContain('Denver')
    // The lawyer is steered to searches that fit a lawyer.
    expect(lawyer.recommendations.join(' ')).toContain('lawyer Denver')
  })

  test('suggests modifiers that fit the category', async () => {
    const dentist = await ai.analyseKeyword({ userId, business: austinDentist, keyword: 'dentist' })
    const lawyer = await ai.analyseKeyword({ userId, business: denverLawyer, keyword: 'lawyer' })
    expect(dentist.recommendations.join(' ')).toMatch(
      /emergency dentist Austin|dentist open Saturday Austin/,
    )
    expect(lawyer.recommendations.join(' ')).toContain('lawyer free consultation Denver')
  })

  test('a chosen location moves the advice to that branch', async () => {
    const result = await ai.analyseKeyword({
      userId,
      business: austinDentist,
      keyword: 'teeth whitening',
      locationId: 'loc_round_rock',
    })
    expect(result.recommendations.join(' ')).toContain('Bright Smile Round Rock location page')
    expect(result.recommendations.join(' ')).toContain('teeth whitening Round Rock')
  })

  test('is deterministic and labels its volume as an estimate', async () => {
    const first = await ai.analyseKeyword({
      userId,
      business: austinDentist,
      keyword: 'dental implants cost',
    })
    const second = await ai.analyseKeyword({
      userId,
      business: austinDentist,
      keyword: 'dental implants cost',
    })
    expect(second).toEqual(first)
    expect(first.aiAnalysis).toContain('estimate')
    expect(allText(first).toLowerCase()).not.toContain('lorem')
  })
})

describe('built-in backlink analysis', () => {
  test('names the missing category directories and computes local relevance from each city', async () => {
    const dentist = await ai.analyseBacklinks({ userId, business: austinDentist, backlinks: links })
    const lawyer = await ai.analyseBacklinks({ userId, business: denverLawyer, backlinks: links })
    // Only austinchamber.org mentions Austin; nothing mentions Denver, Colorado or law.
    expect(dentist.localRelevanceScore).toBe(33)
    expect(lawyer.localRelevanceScore).toBe(0)
    expect(dentist.recommendations).toContain('Healthgrades')
    expect(dentist.recommendations).not.toContain('Avvo')
    expect(lawyer.recommendations).toContain('Avvo')
    expect(lawyer.recommendations).toContain('Few links mention Denver')
    // A chamber link counts as present; without one the owner is told to get their city's.
    expect(dentist.recommendations).not.toContain('Chamber of Commerce')
    const noChamber = await ai.analyseBacklinks({
      userId,
      business: denverLawyer,
      backlinks: links.slice(1),
    })
    expect(noChamber.recommendations).toContain('the Denver Chamber of Commerce')
    expect(dentist.recommendations).toContain('1 link is broken')
  })

  test.each(BUSINESS_CATEGORIES)(
    '%s: no link source is named twice in one sentence',
    async (category) => {
      const business = { ...denverLawyer, category }
      const result = await ai.analyseBacklinks({ userId, business, backlinks: [] })
      for (const sentence of result.recommendations.split(/(?<=[.!?])\s+/)) {
        const mentions =
          sentence.match(
            /Better Business Bureau|Chamber of Commerce|Yelp|Angi|Avvo|Healthgrades|Houzz|HomeAdvisor|Thumbtack|TripAdvisor|Clutch/g,
          ) ?? []
        expect(new Set(mentions).size, sentence).toBe(mentions.length)
      }
      const { directories, local } = missingLinkSources(business, [])
      const names = [...directories, ...local].map((name) =>
        name.replace(/^the /, '').toLowerCase(),
      )
      expect(new Set(names).size).toBe(names.length)
    },
  )

  test('with no links it says so and where to start', async () => {
    const result = await ai.analyseBacklinks({ userId, business: denverLawyer, backlinks: [] })
    expect(result).toMatchObject({ qualityScore: null, totalBacklinks: 0, source: 'built-in' })
    expect(result.recommendations).toContain('no backlinks recorded yet')
  })
})

describe('built-in recommendations', () => {
  test('follow each business: schema type, website, locations, tracked keywords', async () => {
    const dentist = await ai.generateRecommendations({
      userId,
      business: austinDentist,
      keywords: [{ keyword: 'dentist austin', position: 14 }],
    })
    const lawyer = await ai.generateRecommendations({
      userId,
      business: denverLawyer,
      backlinks: [],
    })
    const dentistTitles = dentist.tasks.map((task) => task.title)
    const lawyerTitles = lawyer.tasks.map((task) => task.title)
    expect(dentistTitles).toContain('Add Dentist structured data')
    expect(lawyerTitles).toContain('Add LegalService structured data')
    expect(dentistTitles).toContain('Create a page for each location')
    expect(lawyerTitles).not.toContain('Create a page for each location')
    expect(lawyerTitles).toContain('Give your business a website')
    expect(dentistTitles).not.toContain('Give your business a website')
    expect(dentistTitles).toContain('Move "dentist austin" onto page one')
    expect(lawyerTitles).toContain('Earn links from Denver organisations')
    expect(dentistTitles).toContain('Ask patients for Google reviews')
    expect(lawyerTitles).toContain('Ask clients for Google reviews')
  })

  test('skip tasks the owner already has and put high priority first', async () => {
    const result = await ai.generateRecommendations({
      userId,
      business: austinDentist,
      existingTitles: ['complete your google business profile'],
    })
    expect(result.tasks.map((t) => t.title)).not.toContain('Complete your Google Business Profile')
    const order = { high: 0, medium: 1, low: 2 }
    const priorities = result.tasks.map((t) => order[t.priority])
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b))
    for (const task of result.tasks) {
      expect(['technical', 'content', 'listings', 'reputation']).toContain(task.category)
      expect(task.points).toBeGreaterThan(0)
    }
  })
})

describe('built-in content ideas', () => {
  test('are specific to the city, the customers and the location', async () => {
    const dentist = await ai.generateContentIdeas({ userId, business: austinDentist })
    const lawyer = await ai.generateContentIdeas({ userId, business: denverLawyer })
    const branch = await ai.generateContentIdeas({
      userId,
      business: austinDentist,
      locationId: 'loc_round_rock',
    })
    expect(dentist.ideas.join(' ')).toContain('Austin patients')
    expect(lawyer.ideas.join(' ')).toContain('Denver clients')
    expect(lawyer.ideas.join(' ')).not.toContain('Austin')
    expect(dentist.ideas.join(' ')).toContain('emergency dentist')
    expect(branch.ideas.join(' ')).toContain('Round Rock')
    expect(branch.ideas.join(' ')).toContain('5 Main St')
    expect(dentist.ideas.length).toBeGreaterThanOrEqual(5)
  })
})
