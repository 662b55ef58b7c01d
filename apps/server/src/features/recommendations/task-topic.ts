// What a task asks, as a stable key (issue 15 item 6): 'Ask homeowners for Google reviews' and 'Ask
// happy customers for Google reviews' ask the same thing, so Generate New Recommendations never adds
// the one after the other, whether the first is open or completed. Titles from the built-in engine,
// a model or the starter list all go through the same rules; a title no rule knows is its own topic.

/** First match wins: the narrower asks (replying to reviews) come before the broader ones. */
const TOPICS: readonly [topic: string, pattern: RegExp][] = [
  ['review-replies', /\b(respond|reply|replies|answer)\b.*\breviews?\b/],
  ['review-requests', /\breviews?\b/],
  ['profile-posts', /\b(posts?|updates?)\b.*\b(google business profile|gbp|google my business)\b/],
  ['photos', /\b(photos?|pictures?)\b/],
  ['business-profile', /\b(google business profile|google my business|gbp)\b/],
  ['structured-data', /\b(schema|structured data)\b/],
  ['faq', /\b(faq|frequently asked)\b/],
  ['nap-consistency', /\b(nap|name, address and phone)\b/],
  ['page-speed', /\b(fast|faster|speed|load time|core web vitals)\b/],
  ['local-links', /\b(backlinks?|(earn|get|build)\b.*\blinks?)\b/],
]

/** Titles compare without case, spacing or a final full stop. */
const titleKey = (title: string) =>
  title.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '')

/** The topic a task title asks about, or the title itself (normalised) when no rule knows it. */
export function taskTopic(title: string): string {
  const text = titleKey(title)
  const match = TOPICS.find(([, pattern]) => pattern.test(text))
  return match ? match[0] : `title:${text}`
}
