// First-run data (SPEC §7 "Seed on app load"): once a business has a name, city and category it gets
// 3 sample backlinks, 5 starter recommendations and 5 tracked keywords, each set only if it has none.
// Runs inside the save transaction with the business row locked, and only once per business.
import { count, eq } from 'drizzle-orm'
import { categoryTerms } from '@localseo/shared/category-terms'
import { seededRandom } from '@localseo/shared/random'
import type { Tx } from '../../db/client.js'
import { backlinks, businesses, keywords, recommendations } from '../../db/schema/app.js'

interface SeedBusiness {
  id: string
  name: string
  city: string
  state: string
  category: string
}

const DAY_MS = 86_400_000

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

export function sampleBacklinks(business: SeedBusiness, now: Date) {
  const city = slug(business.city)
  const name = slug(business.name)
  const { noun } = categoryTerms(business.category)
  const monthsAgo = (months: number) => new Date(now.getTime() - months * 30 * DAY_MS)
  return [
    {
      url: `https://www.${city.replace(/-/g, '')}chamber.org/members/${name}`,
      anchorText: business.name,
      linkType: 'dofollow' as const,
      quality: 'high' as const,
      domainAuthority: 65,
      spamScore: 2,
      firstSeen: now,
    },
    {
      url: `https://www.${city.replace(/-/g, '')}localguide.com/${slug(noun)}/${name}`,
      anchorText: `${noun} in ${business.city}`,
      linkType: 'dofollow' as const,
      quality: 'medium' as const,
      domainAuthority: 45,
      spamScore: 3,
      firstSeen: monthsAgo(1),
    },
    {
      url: `https://www.yelp.com/biz/${name}-${city}`,
      anchorText: business.name,
      linkType: 'nofollow' as const,
      quality: 'high' as const,
      domainAuthority: 85,
      spamScore: 1,
      firstSeen: monthsAgo(3),
    },
  ].map((link) => ({
    ...link,
    businessId: business.id,
    domain: new URL(link.url).hostname.replace(/^www\./, ''),
    status: 'active',
    createdAt: link.firstSeen,
  }))
}

export function sampleRecommendations(business: SeedBusiness) {
  const { noun } = categoryTerms(business.category)
  return [
    {
      title: 'Complete your Google Business Profile',
      description:
        'Fill in every field of your Google Business Profile: categories, hours, services, photos and a description that says what you do and where.',
      priority: 'high' as const,
      category: 'listings' as const,
      impact: 'Complete profiles show up more often in the local map results.',
      points: 50,
    },
    {
      title: 'Ask happy customers for Google reviews',
      description:
        'Send a short review link to customers after each visit and reply to every review, good or bad, within a few days.',
      priority: 'high' as const,
      category: 'reputation' as const,
      impact: 'Review count and rating are among the strongest local ranking signals.',
      points: 75,
    },
    {
      title: 'Add LocalBusiness schema markup to your website',
      description:
        'Add structured data with your name, address, phone, hours and geo-coordinates to your home and contact pages.',
      priority: 'medium' as const,
      category: 'technical' as const,
      impact: 'Helps search engines connect your website to your business profile.',
      points: 50,
    },
    {
      title: 'Make your name, address and phone identical everywhere',
      description:
        'Check that directories such as Yelp, Bing Places and Apple Business Connect show exactly the same name, address and phone as your website.',
      priority: 'medium' as const,
      category: 'listings' as const,
      impact: 'Consistent citations build trust with search engines.',
      points: 40,
    },
    {
      title: `Write a page for customers in ${business.city}`,
      description: `Create a page about your services for people in ${business.city}: mention neighbourhoods you serve, directions, parking and local questions people ask a ${noun}.`,
      priority: 'medium' as const,
      category: 'content' as const,
      impact: 'Location pages help you rank for searches that name your city.',
      points: 60,
    },
  ].map((task) => ({ ...task, businessId: business.id, status: 'pending' as const }))
}

export function defaultKeywords(business: SeedBusiness, now: Date) {
  const { noun, services } = categoryTerms(business.category)
  const city = business.city.toLowerCase()
  const phrases = [
    `${noun} ${city}`,
    `${noun} near me`,
    `best ${noun} in ${city}`,
    `${services[0] ?? 'services'} ${city}`,
    `affordable ${noun} ${city}`,
  ]
  // SPEC §9 "Random mock": position 5-29, volume 100-1099, difficulty random; seeded here.
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

async function isEmpty(
  tx: Tx,
  table: typeof backlinks | typeof keywords | typeof recommendations,
  businessId: string,
) {
  const [row] = await tx.select({ n: count() }).from(table).where(eq(table.businessId, businessId))
  return (row?.n ?? 0) === 0
}

export async function seedFirstRunData(tx: Tx, businessId: string, now: Date) {
  const [business] = await tx
    .select()
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('update')
  if (!business || business.sampleDataSeededAt) return
  if (!business.name.trim() || !business.city.trim() || !business.category.trim()) return

  if (await isEmpty(tx, backlinks, businessId)) {
    await tx.insert(backlinks).values(sampleBacklinks(business, now))
  }
  if (await isEmpty(tx, recommendations, businessId)) {
    await tx.insert(recommendations).values(sampleRecommendations(business))
  }
  if (await isEmpty(tx, keywords, businessId)) {
    await tx.insert(keywords).values(defaultKeywords(business, now))
  }
  await tx.update(businesses).set({ sampleDataSeededAt: now }).where(eq(businesses.id, businessId))
}
