// Two owners whose data differ in every way the AI tasks read: category, city, state, website,
// locations. Plain objects: the AI service takes a Business, it does not read the database.
import type { Business } from '@localseo/shared/business'

export const austinDentist: Business = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Bright Smile Dental',
  category: 'Dental',
  services: [],
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  timeZone: 'America/Chicago',
  phone: '(512) 555-0100',
  website: 'https://brightsmile.example',
  locations: [
    {
      id: 'loc_round_rock',
      businessId: '00000000-0000-4000-8000-000000000001',
      name: 'Bright Smile Round Rock',
      address: '5 Main St',
      city: 'Round Rock',
      state: 'TX',
      zip: '78664',
      country: 'US',
      phone: '(512) 555-0199',
      pageUrl: '',
    },
  ],
}

export const denverLawyer: Business = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Mile High Law',
  category: 'Legal Services',
  services: [],
  address: '1600 Glenarm Pl',
  city: 'Denver',
  state: 'CO',
  zip: '80202',
  country: 'US',
  timeZone: 'America/Denver',
  phone: '(303) 555-0100',
  website: '',
  locations: [],
}

export function backlink(
  domain: string,
  quality: 'high' | 'medium' | 'low',
  anchorText = 'website',
  extra: { linkType?: 'dofollow' | 'nofollow'; status?: string } = {},
) {
  return {
    url: `https://${domain}/page`,
    domain,
    anchorText,
    quality,
    linkType: extra.linkType ?? ('dofollow' as const),
    ...(extra.status ? { status: extra.status } : {}),
  }
}
