// Every country its own places (issue 32 items 4 and 6): a dentist in Bristol gets the directories,
// searches and questions of the United Kingdom from the built-in engine, never those of the US, and
// advice that quotes a simulated position says so.
import type { Business } from '@localseo/shared/business'
import { pino } from 'pino'
import { describe, expect, test } from 'vitest'
import type { Db } from '../../db/client.js'
import { createAiService } from '../ai-service.js'
import { austinDentist } from '../testing/businesses.js'

const ai = createAiService({
  db: undefined as unknown as Db,
  clock: { now: () => new Date('2026-03-10T12:00:00Z') },
  logger: pino({ level: 'silent' }),
  dailyQuota: 100,
  provider: undefined,
})
const userId = 'not-used-by-the-built-in-engine'

const bristolDentist: Business = {
  ...austinDentist,
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Clifton Dental',
  address: '1 Park Street',
  city: 'Bristol',
  state: '',
  zip: 'BS1 5HS',
  country: 'GB',
  timeZone: 'Europe/London',
  phone: '0117 496 0000',
  locations: [],
}

/** What only applies in the United States. */
const US_ONLY =
  /Healthgrades|Zocdoc|ADA Find|Better Business Bureau|\bBBB\b|Angi|Yellow Pages|insurance|Delta Dental|Medicare|pediatric/i

const allText = (value: unknown) => JSON.stringify(value)

describe('a UK dentist (issue 32 item 6)', () => {
  test('recommendations name the UK directories and the NHS website, nothing American', async () => {
    const result = await ai.generateRecommendations({
      userId,
      business: bristolDentist,
      backlinks: [],
    })
    const text = allText(result.tasks)
    expect(text).not.toMatch(US_ONLY)
    expect(result.tasks.map((t) => t.title)).toContain(
      'Claim your NHS website (Find a service) and Doctify profiles',
    )
    expect(text).toContain('NHS')
  })

  test('content ideas ask what UK patients ask, not about insurance plans', async () => {
    const result = await ai.generateContentIdeas({ userId, business: bristolDentist })
    const text = result.ideas.join(' ')
    expect(text).not.toMatch(US_ONLY)
    expect(text).toContain('whether NHS patients are taken')
    expect(text).toContain('Bristol patients')
  })

  test('keyword advice keeps NHS in capitals and suggests UK searches', async () => {
    const result = await ai.analyseKeyword({
      userId,
      business: bristolDentist,
      keyword: 'nhs dentist bristol',
    })
    const text = result.recommendations.join(' ')
    expect(text).toContain('"NHS Dentist Bristol | Clifton Dental"')
    expect(text).not.toMatch(US_ONLY)
  })

  test('backlink advice names no American link source', async () => {
    const result = await ai.analyseBacklinks({ userId, business: bristolDentist, backlinks: [] })
    expect(result.recommendations).not.toMatch(US_ONLY)
    expect(result.recommendations).toContain('NHS website (Find a service)')
    expect(result.recommendations).toContain('the Bristol Chamber of Commerce')
  })

  test('an Austin dentist still gets the American ones', async () => {
    const result = await ai.generateContentIdeas({ userId, business: austinDentist })
    expect(result.ideas.join(' ')).toContain('which insurance plans are accepted')
    const tasks = await ai.generateRecommendations({ userId, business: austinDentist })
    expect(allText(tasks)).toContain('Healthgrades')
  })
})

test('a UK tutor and a UK lawyer are not told to list SAT prep or DUI attorney as services', async () => {
  const tutor = { ...bristolDentist, name: 'Clifton Tutors', category: 'Education & Tutoring' }
  const lawyer = { ...bristolDentist, name: 'Clifton Law', category: 'Legal Services' }
  const tutorText = allText(await ai.generateRecommendations({ userId, business: tutor }))
  const lawyerText = allText(await ai.generateContentIdeas({ userId, business: lawyer }))
  expect(tutorText).not.toMatch(/\bSAT\b/i)
  // The UK's own words (local-words.ts): GCSE tutoring, a solicitor.
  expect(tutorText).toMatch(/gcse tutoring/i)
  expect(allText(await ai.generateRecommendations({ userId, business: lawyer }))).not.toMatch(/DUI/)
  expect(lawyerText).not.toMatch(/DUI|attorney/)
  expect(lawyerText).toMatch(/solicitor/)
  // In the US they stay.
  const austinTutor = { ...austinDentist, category: 'Education & Tutoring' }
  expect(allText(await ai.generateRecommendations({ userId, business: austinTutor }))).toMatch(
    /sat prep/i,
  )
})

describe('a simulated position in advice (issue 32 item 4)', () => {
  test('is labelled as simulated; a measured one is not', async () => {
    const simulated = await ai.generateRecommendations({
      userId,
      business: austinDentist,
      keywords: [{ keyword: 'dentist austin', position: 20, simulated: true }],
    })
    const measured = await ai.generateRecommendations({
      userId,
      business: austinDentist,
      keywords: [{ keyword: 'dentist austin', position: 20, simulated: false }],
    })
    const move = (tasks: typeof simulated.tasks) =>
      tasks.find((t) => t.title === 'Move "dentist austin" onto page one')?.description
    expect(move(simulated.tasks)).toMatch(/^It ranks #20 \(simulated\), just off the first page/)
    expect(move(measured.tasks)).toMatch(/^It ranks #20, just off the first page/)
  })
})
