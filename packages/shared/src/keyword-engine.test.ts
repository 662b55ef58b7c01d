import { describe, expect, test } from 'vitest'
import { BUSINESS_CATEGORIES, emptyBusiness, type Business } from './business.js'
import {
  classifyIntent,
  describeKeyword,
  estimateKeyword,
  filterKeywords,
  generateKeywordIdeas,
  plannerCsvHeader,
  plannerCsvRows,
  relevanceOf,
  simulatedKeywordData,
  sortKeywords,
  type PlannerKeyword,
} from './keyword-engine.js'
import { moneyFor } from './money.js'

const dental: Business = {
  ...emptyBusiness,
  id: 'b1',
  name: 'Sunrise Dental',
  category: 'Dental',
  city: 'Austin',
  state: 'TX',
  locations: [
    {
      id: 'loc_1',
      businessId: 'b1',
      name: 'Round Rock',
      address: '5 Oak Rd',
      city: 'Round Rock',
      state: 'TX',
      zip: '78664',
      country: 'US',
      phone: '',
      pageUrl: '',
    },
  ],
}

describe('estimates', () => {
  test('the same keyword and city always give the same figures', () => {
    expect(estimateKeyword('dentist austin', 'Austin')).toEqual(
      estimateKeyword('  Dentist   AUSTIN ', 'austin'),
    )
  })

  test('another city gives other figures for the same keyword', () => {
    const austin = estimateKeyword('emergency dentist', 'Austin')
    const dallas = estimateKeyword('emergency dentist', 'Dallas')
    expect(austin).not.toEqual(dallas)
  })

  test('figures stay in range: volume, CPC, competition 0-1, known levels and trends', () => {
    for (const idea of generateKeywordIdeas({ business: dental })) {
      const e = estimateKeyword(idea, 'Austin')
      expect(e.volume).toBeGreaterThanOrEqual(10)
      expect(Number.isInteger(e.volume)).toBe(true)
      expect(e.cpc).toBeGreaterThanOrEqual(0)
      expect(e.competition).toBeGreaterThanOrEqual(0)
      expect(e.competition).toBeLessThanOrEqual(1)
      expect(['low', 'medium', 'high']).toContain(e.difficulty)
      expect(['up', 'stable', 'down']).toContain(e.trend)
    }
  })

  test('questions cost less per click than buying searches', () => {
    const ideas = generateKeywordIdeas({ business: dental }).map((k) => describeKeyword(k, dental))
    const mean = (intent: string) => {
      const list = ideas.filter((k) => k.intent === intent)
      return list.reduce((sum, k) => sum + (k.cpc ?? 0), 0) / list.length
    }
    expect(mean('informational')).toBeLessThan(mean('transactional'))
  })
})

describe('intent rules', () => {
  test.each([
    ['dentist near me', 'local'],
    ['dentist austin', 'local'],
    ['best dentist in round rock', 'local'],
    ['how to whiten teeth', 'informational'],
    ['what is a root canal', 'informational'],
    ['buy electric toothbrush', 'transactional'],
    ['teeth whitening price', 'transactional'],
    ['dental implants cost', 'transactional'],
    ['book dentist appointment', 'transactional'],
    ['best dentist', 'commercial'],
    ['top dentists', 'commercial'],
    ['dentist reviews', 'commercial'],
    ['dentist', 'commercial'],
  ])('%s is %s', (keyword, intent) => {
    expect(classifyIntent(keyword, ['Austin', 'Round Rock'])).toBe(intent)
  })

  test('words are matched whole: bookkeeping is not booking, laptop is not a top list', () => {
    expect(classifyIntent('bookkeeping help', [])).toBe('commercial')
    expect(classifyIntent('laptop repair', [])).toBe('commercial')
    expect(classifyIntent('topeka dentist', [])).toBe('commercial')
  })

  test('the rules apply in order: a city wins over a question, a question over a price', () => {
    expect(classifyIntent('how to find a dentist in austin', ['Austin'])).toBe('local')
    expect(classifyIntent('what is the cost of braces', [])).toBe('informational')
    expect(classifyIntent('best price dentist', [])).toBe('transactional')
  })
})

describe('relevance', () => {
  const context = { category: 'Dental', cities: ['Austin'] }

  test('the search noun or a whole service in the city or near me, with no qualifier, is high', () => {
    expect(relevanceOf('dentist austin', context)).toBe('high')
    expect(relevanceOf('teeth whitening near me', context)).toBe('high')
    // Anywhere, or a shopper's or researcher's search: about the business, but medium.
    expect(relevanceOf('dental implants', context)).toBe('medium')
    expect(relevanceOf('dental implants prices austin', context)).toBe('medium')
    expect(relevanceOf('how to choose a dentist near me', context)).toBe('medium')
  })

  test('sharing only a word with the services is medium, with the city or without', () => {
    expect(relevanceOf('whitening strips', context)).toBe('medium')
    expect(relevanceOf('whitening strips austin', context)).toBe('medium')
  })

  test('nothing about the business is low, even with the city', () => {
    expect(relevanceOf('pizza delivery', context)).toBe('low')
    expect(relevanceOf('austin weather', context)).toBe('low')
  })
})

describe('planner ideas', () => {
  test.each(BUSINESS_CATEGORIES)('%s gets at least 40 distinct ideas', (category) => {
    const business = {
      ...emptyBusiness,
      id: 'b',
      name: 'Shop',
      category,
      city: 'Boise',
      state: 'ID',
    }
    const ideas = generateKeywordIdeas({ business })
    expect(ideas.length).toBeGreaterThanOrEqual(40)
    expect(new Set(ideas).size).toBe(ideas.length)
    for (const idea of ideas) {
      expect(idea).toBe(idea.toLowerCase().replace(/\s+/g, ' ').trim())
      expect(idea).not.toMatch(/\{|\}|undefined/)
    }
  })

  test('an unknown category still gets 40 ideas', () => {
    const business = { ...dental, category: 'Blacksmith', locations: [] }
    expect(generateKeywordIdeas({ business }).length).toBeGreaterThanOrEqual(40)
  })

  test('ideas use the chosen location city and the other locations', () => {
    const main = generateKeywordIdeas({ business: dental })
    expect(main).toContain('dentist austin')
    expect(main).toContain('dentist round rock')
    const branch = generateKeywordIdeas({ business: dental, locationId: 'loc_1' })
    expect(branch[0]).toBe('dentist round rock')
    expect(branch).toContain('dentist austin')
  })

  test('a seed leads the ideas and brings the category ideas that share its words', () => {
    const ideas = generateKeywordIdeas({ business: dental, seed: '  Teeth Whitening ' })
    expect(ideas[0]).toBe('teeth whitening')
    expect(ideas).toContain('teeth whitening near me')
    expect(ideas).toContain('teeth cleaning austin')
    expect(ideas).not.toContain('dental implants austin')
  })

  test('the provider describes every idea for this business', async () => {
    const ideas = await simulatedKeywordData.ideas({ business: dental })
    expect(ideas).toHaveLength(generateKeywordIdeas({ business: dental }).length)
    expect(ideas[0]).toEqual(describeKeyword('dentist austin', dental))
    expect(await simulatedKeywordData.describe('Dentist Austin', dental)).toEqual(ideas[0])
  })
})

describe('filters, sorts and CSV rows', () => {
  const k = (keyword: string, over: Partial<PlannerKeyword>): PlannerKeyword => ({
    keyword,
    volume: 100,
    difficulty: 'medium',
    cpc: 1,
    competition: 0.5,
    relevance: 'medium',
    intent: 'commercial',
    trend: 'stable',
    ...over,
  })
  const list = [
    k('a', { volume: 50, difficulty: 'high', cpc: 3, relevance: 'low', intent: 'local' }),
    k('b', { volume: 500, difficulty: 'low', cpc: 1, relevance: 'high' }),
    k('c', { volume: 200, difficulty: 'medium', cpc: 9, relevance: 'medium' }),
  ]

  test('intent and difficulty filter; all keeps everything', () => {
    expect(
      filterKeywords(list, { intent: 'local', difficulty: 'all' }).map((x) => x.keyword),
    ).toEqual(['a'])
    expect(
      filterKeywords(list, { intent: 'all', difficulty: 'low' }).map((x) => x.keyword),
    ).toEqual(['b'])
    expect(filterKeywords(list, { intent: 'all', difficulty: 'all' })).toHaveLength(3)
  })

  test.each([
    ['volume', ['b', 'c', 'a']],
    ['difficulty', ['b', 'c', 'a']],
    ['relevance', ['b', 'c', 'a']],
    ['cpc', ['c', 'a', 'b']],
  ] as const)('sort by %s', (sort, order) => {
    expect(sortKeywords(list, sort).map((x) => x.keyword)).toEqual(order)
  })

  test('CSV rows follow the docs/product.md §9 columns with two-decimal CPC and competition', () => {
    expect(plannerCsvRows([k('x', { cpc: 2.5, competition: 0.4 })])).toEqual([
      ['x', 100, 'medium', '2.50', '0.40', 'medium', 'commercial', 'stable', 'estimate'],
    ])
  })

  test('the CSV names the currency and marks estimates against a provider (issue 32 items 5, 9)', () => {
    expect(plannerCsvHeader()[3]).toBe('CPC (USD)')
    const pounds = moneyFor('GB')
    expect(plannerCsvHeader(pounds)[3]).toBe('CPC (GBP, from USD at 0.79, 2026-11-02)')
    expect(plannerCsvHeader(pounds)[8]).toBe('Figures Source')
    const measured = k('y', {
      cpc: 2.5,
      volumeSource: {
        kind: 'measured',
        at: '2026-11-01T00:00:00Z',
        provider: 'DataForSEO (Google Ads)',
        month: '2026-10',
      },
    })
    const [estimated, provider] = plannerCsvRows([k('x', { cpc: 2.5 }), measured], pounds)
    expect(estimated?.[3]).toBe('1.98')
    expect(estimated?.[8]).toBe('estimate')
    expect(provider?.[8]).toBe('provider: DataForSEO (Google Ads), 2026-10')
  })
})

describe('relevance that discriminates (issue 15 item 5)', () => {
  const branch = (id: string, city: string) => ({ ...dental.locations[0]!, id, name: city, city })
  const plumber: Business = {
    ...dental,
    name: 'Lopez Plumbing',
    category: 'Home Services',
    services: ['Plumbing', 'Drain Cleaning', 'Water Heater Repair'],
    locations: [branch('loc_1', 'Round Rock'), branch('loc_2', 'Pflugerville')],
  }
  /** The 50 ideas the planner lists first (most searched), with their relevance. */
  const first50 = (business: Business, locationId = 'main') =>
    sortKeywords(
      generateKeywordIdeas({ business, locationId }).map((k) =>
        describeKeyword(k, business, locationId),
      ),
      'volume',
    ).slice(0, 50)
  const highShare = (ideas: PlannerKeyword[]) =>
    ideas.filter((k) => k.relevance === 'high').length / ideas.length

  test("a plumber's ideas are about plumbing: no other trade, and fewer than half are high", () => {
    for (const locationId of ['main', 'loc_1']) {
      const ideas = first50(plumber, locationId)
      expect(ideas.length).toBeGreaterThanOrEqual(40)
      for (const idea of ideas) expect(idea.keyword).not.toMatch(/electric|\bac\b|hvac|roof/)
      expect(highShare(ideas)).toBeGreaterThan(0)
      expect(highShare(ideas)).toBeLessThan(0.5)
    }
    expect(relevanceOf('plumber austin', { ...plumber, cities: ['Austin'] })).toBe('high')
    expect(relevanceOf('plumber prices', { ...plumber, cities: ['Austin'] })).toBe('medium')
    expect(relevanceOf('plumber round rock', { ...plumber, cities: ['Austin'] })).toBe('medium')
    expect(relevanceOf('electrician prices', { ...plumber, cities: ['Austin'] })).toBe('low')
  })

  test('a keyword naming another trade is low, even when it shares a word (issue 32 item 7)', () => {
    const emergency = { ...plumber, services: ['Emergency Plumbing', 'Drain Cleaning'] }
    const here = { ...emergency, cities: ['Austin'] }
    expect(relevanceOf('emergency dentist near me', here)).toBe('low')
    expect(relevanceOf('emergency dentists austin', here)).toBe('low')
    expect(relevanceOf('emergency plumber near me', here)).toBe('medium')
    expect(relevanceOf('plumber austin', here)).toBe('high')
    // The dentist's own noun stays its own.
    expect(
      relevanceOf('emergency dentist near me', { category: 'Dental', cities: ['Austin'] }),
    ).toBe('medium')
  })

  test('a business whose name names its trade gets that trade without listing services', () => {
    const named = { ...plumber, services: [] }
    expect(generateKeywordIdeas({ business: named }).join(' ')).not.toMatch(/electrician/)
    expect(generateKeywordIdeas({ business: named })).toContain('plumber austin')
  })

  test.each(BUSINESS_CATEGORIES)(
    '%s: some of the first 50 ideas are high, fewer than half',
    (category) => {
      const business = { ...dental, name: 'Smith & Sons', category }
      const share = highShare(first50(business))
      expect(share).toBeGreaterThan(0)
      expect(share).toBeLessThan(0.5)
    },
  )
})

describe('keyword ideas in the words of the business’s country (issue 32 items 6 and 7)', () => {
  const inBristol = (category: string, name: string): Business => ({
    ...emptyBusiness,
    id: 'uk',
    name,
    category,
    city: 'Bristol',
    country: 'GB',
    locations: [],
  })

  test('a UK law firm’s ideas are for a solicitor, and a search for a lawyer still fits it', () => {
    const firm = inBristol('Legal Services', 'Harbourside Legal')
    const ideas = generateKeywordIdeas({ business: firm })
    expect(ideas).toEqual(
      expect.arrayContaining(['solicitor bristol', 'best personal injury solicitor in bristol']),
    )
    expect(ideas.join(' ')).not.toMatch(/attorney|lawyer|dui/)
    expect(describeKeyword('solicitor bristol', firm).relevance).toBe('high')
    expect(describeKeyword('lawyer bristol', firm).relevance).toBe('high')
  })

  test('a UK estate agent’s ideas say estate agent and houses for sale, never realtor', () => {
    const ideas = generateKeywordIdeas({ business: inBristol('Real Estate', 'Clifton Homes') })
    expect(ideas).toEqual(
      expect.arrayContaining(['estate agent bristol', 'houses for sale bristol']),
    )
    expect(ideas.join(' ')).not.toMatch(/real estate|realtor|homes for sale/)
  })

  test('the same businesses in the US keep the American words', () => {
    const firm = {
      ...inBristol('Legal Services', 'Lone Star Legal'),
      city: 'Austin',
      country: 'US',
    }
    expect(generateKeywordIdeas({ business: firm })).toEqual(
      expect.arrayContaining(['lawyer austin', 'dui attorney austin']),
    )
    const agent = { ...inBristol('Real Estate', 'Lone Star Homes'), city: 'Austin', country: 'US' }
    expect(generateKeywordIdeas({ business: agent })).toContain('real estate agent austin')
  })
})
