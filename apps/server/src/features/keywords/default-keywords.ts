// The five keywords a new business starts with (docs/product.md §7 "Seed on app load"), built from
// its category and city.
import { categoryTerms } from '@localseo/shared/category-terms'
import { seededRandom } from '@localseo/shared/random'
import type { Tx } from '../../db/client.js'
import { keywords } from '../../db/schema/keywords.js'
import { businessHasRows } from '../../lib/tenant.js'

interface KeywordBusiness {
  id: string
  city: string
  category: string
}

function defaultKeywords(business: KeywordBusiness, now: Date) {
  const { noun, services } = categoryTerms(business.category)
  const city = business.city.toLowerCase()
  const phrases = [
    `${noun} ${city}`,
    `${noun} near me`,
    `best ${noun} in ${city}`,
    `${services[0] ?? 'services'} ${city}`,
    `affordable ${noun} ${city}`,
  ]
  // docs/product.md §9 "Random mock": position 5-29, volume 100-1099, difficulty random; seeded here.
  return phrases.map((keyword) => {
    const random = seededRandom('default-keyword', business.id, keyword)
    const position = random.int(5, 29)
    return {
      businessId: business.id,
      keyword,
      position,
      previousPosition: Math.min(100, Math.max(1, position + random.int(-3, 3))),
      searchVolume: random.int(100, 1099),
      difficulty: random.pick(['low', 'medium', 'high'] as const),
      createdAt: now,
      updatedAt: now,
    }
  })
}

/** Adds the default keywords when the business has none yet; inside the caller's transaction. */
export async function seedDefaultKeywords(tx: Tx, business: KeywordBusiness, now: Date) {
  if (await businessHasRows(tx, keywords, business.id)) return
  await tx.insert(keywords).values(defaultKeywords(business, now))
}
