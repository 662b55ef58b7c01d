// The alert topics' words for Settings → Alerts (issue 16 item 4, issue 33 item 2; a drop checked
// twice: docs/decisions/039-confirmed-drops.md). Apart from alerts.ts, which the header's bell loads
// on every screen: only Settings needs these words
// (docs/decisions/019-compressed-assets-and-preloading.md).
import type { AlertTopic } from './alerts.js'

export const ALERT_TOPIC_LABELS: Record<AlertTopic, { title: string; detail: string }> = {
  rankings: {
    title: 'Keyword moves',
    detail:
      'A tracked keyword leaves the top 3 or the top 10, moves 5 places or more, or leaves the top 3 of the map pack. A drop is checked a second time, half an hour later, before you are told, so one odd search does not alarm you.',
  },
  backlinks: {
    title: 'Backlink changes',
    detail: 'A link to your website is lost, or turns nofollow and stops passing credit.',
  },
  site_audit: {
    title: 'New critical website issue',
    detail: 'A website audit finds a critical issue the one before it did not.',
  },
  listings: {
    title: 'Listings that stop matching',
    detail:
      "A listing's name, address or phone no longer matches your profile, for example after you change your phone number.",
  },
  reviews: {
    title: 'New Google reviews',
    detail:
      'Someone reviews you on Google. Reviews of 1 to 3 stars are emailed at once, so you can answer them soon.',
  },
  competitors: {
    title: 'Competitors you follow',
    detail:
      'A competitor you follow moves above you in the map results for a tracked keyword, or gains more than 10 reviews in a week.',
  },
}
