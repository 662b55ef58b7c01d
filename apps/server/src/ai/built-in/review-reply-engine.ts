// The built-in writer of review replies (issue 33 item 3, docs/decisions/037-review-replies.md):
// deterministic, and it invents nothing. Every fact in a draft comes from the review (the reviewer's
// first name, a few of their own words) or from the business information (its name, a service the
// review names); no offer, no promise, no other name. It writes in the reviewer's language when it
// is one of English, Spanish, French and German, found by counting common words; otherwise English,
// with a note that says so.

const BUILT_IN_REPLY_LANGUAGES = ['en', 'es', 'fr', 'de'] as const
type Language = (typeof BUILT_IN_REPLY_LANGUAGES)[number]

/** Short, frequent words of each language: a review of a sentence or two has several of them. */
const COMMON_WORDS: Record<Language, string[]> = {
  en: 'the and was were very they we my with for to is it of this but not our you great good'.split(
    ' ',
  ),
  es: 'el la los las muy y que con para es fue pero no nos mi un una del al gracias servicio'.split(
    ' ',
  ),
  fr: 'le la les très et est avec pour pas une un nous mon ma du des était merci mais je'.split(
    ' ',
  ),
  de: 'der die das und sehr ist mit für nicht war wir ein eine mein auch aber ich zu danke'.split(
    ' ',
  ),
}

export interface DetectedLanguage {
  language: Language
  /** Something to tell the owner (the review's language is not one the writer knows), else null. */
  note: string | null
}

const UNSUPPORTED_NOTE =
  'This review seems to be in a language the built-in writer does not write (it writes English, Spanish, French and German), so the draft is in English: translate it before sending, or connect an AI model in Settings.'

/** The review's language among the four, by its common words; English with a note otherwise. */
export function detectLanguage(text: string): DetectedLanguage {
  const letters = text.match(/\p{L}/gu) ?? []
  if (letters.length === 0) return { language: 'en', note: null }
  const latin = letters.filter((c) => /\p{Script=Latin}/u.test(c)).length
  if (latin / letters.length < 0.5) return { language: 'en', note: UNSUPPORTED_NOTE }
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? []
  const scores = BUILT_IN_REPLY_LANGUAGES.map((language) => {
    const common = new Set(COMMON_WORDS[language])
    return { language, score: words.filter((w) => common.has(w)).length }
  }).sort((a, b) => b.score - a.score)
  const [best, next] = scores as [(typeof scores)[0], (typeof scores)[0]]
  if (best.score === 0) return { language: 'en', note: words.length >= 4 ? UNSUPPORTED_NOTE : null }
  // A tie between two languages is read as English when English is one of them, else the first.
  if (best.score === next.score && next.language === 'en') return { language: 'en', note: null }
  return { language: best.language, note: null }
}

interface Phrases {
  hello: (name: string | null) => string
  thanksKind: (business: string) => string
  thanksTime: (business: string) => string
  thanksRating: (business: string) => string
  glad: (words: string) => string
  /** For praise with a 'but' in it: neither glad about the complaint nor sorry for the praise. */
  noted: (words: string) => string
  sorry: (words: string) => string
  sorryGeneral: string
  service: (service: string) => string
  honest: string
  talk: string
  again: string
  signOff: (business: string) => string
}

const PHRASES: Record<Language, Phrases> = {
  en: {
    hello: (name) => (name ? `Hi ${name},` : 'Hello,'),
    thanksKind: (b) => `Thank you for your kind review of ${b}.`,
    thanksTime: (b) => `Thank you for taking the time to review ${b}.`,
    thanksRating: (b) => `Thank you for rating ${b}.`,
    glad: (w) => `We're glad to read "${w}".`,
    noted: (w) => `Thank you for telling us "${w}": we take it to heart.`,
    sorry: (w) => `We're sorry to read "${w}": that is not the experience we want anyone to have.`,
    sorryGeneral: "We're sorry your visit did not go as it should have.",
    service: (s) => `Thank you for choosing us for ${s}.`,
    honest: 'Thank you for the honest feedback: we take it to heart.',
    talk: 'Please get in touch with us directly so we can talk it through.',
    again: 'We look forward to seeing you again.',
    signOff: (b) => `The team at ${b}`,
  },
  es: {
    hello: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    thanksKind: (b) => `Muchas gracias por su amable reseña de ${b}.`,
    thanksTime: (b) => `Gracias por tomarse el tiempo de opinar sobre ${b}.`,
    thanksRating: (b) => `Gracias por valorar ${b}.`,
    glad: (w) => `Nos alegra leer «${w}».`,
    noted: (w) => `Gracias por contarnos «${w}»: lo tenemos muy en cuenta.`,
    sorry: (w) => `Lamentamos leer «${w}»: no es la experiencia que queremos para nadie.`,
    sorryGeneral: 'Lamentamos que su visita no fuera como debía.',
    service: (s) => `Gracias por confiar en nosotros para ${s}.`,
    honest: 'Gracias por su sinceridad: la tenemos muy en cuenta.',
    talk: 'Por favor, póngase en contacto con nosotros directamente para que podamos hablarlo.',
    again: 'Esperamos volver a verle pronto.',
    signOff: (b) => `El equipo de ${b}`,
  },
  fr: {
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    thanksKind: (b) => `Merci beaucoup pour votre avis sur ${b}.`,
    thanksTime: (b) => `Merci d'avoir pris le temps de donner votre avis sur ${b}.`,
    thanksRating: (b) => `Merci pour votre note de ${b}.`,
    glad: (w) => `Nous sommes ravis de lire « ${w} ».`,
    noted: (w) => `Merci de nous avoir dit « ${w} » : nous en tenons compte.`,
    sorry: (w) =>
      `Nous sommes désolés de lire « ${w} » : ce n'est pas l'expérience que nous souhaitons offrir.`,
    sorryGeneral:
      "Nous sommes désolés que votre visite ne se soit pas passée comme elle l'aurait dû.",
    service: (s) => `Merci de nous avoir fait confiance pour ${s}.`,
    honest: 'Merci pour votre franchise : nous en tenons compte.',
    talk: 'Contactez-nous directement afin que nous puissions en parler.',
    again: 'Au plaisir de vous revoir.',
    signOff: (b) => `L'équipe de ${b}`,
  },
  de: {
    hello: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    thanksKind: (b) => `Vielen Dank für Ihre freundliche Bewertung von ${b}.`,
    thanksTime: (b) => `Vielen Dank, dass Sie sich die Zeit genommen haben, ${b} zu bewerten.`,
    thanksRating: (b) => `Vielen Dank für Ihre Bewertung von ${b}.`,
    glad: (w) => `Wir freuen uns, „${w}“ zu lesen.`,
    noted: (w) => `Danke, dass Sie uns „${w}“ mitteilen: Wir nehmen es uns zu Herzen.`,
    sorry: (w) => `Es tut uns leid, „${w}“ zu lesen: So soll es bei uns niemandem ergehen.`,
    sorryGeneral: 'Es tut uns leid, dass Ihr Besuch nicht so verlaufen ist, wie er sollte.',
    service: (s) => `Danke, dass Sie uns für ${s} gewählt haben.`,
    honest: 'Danke für Ihre offenen Worte: Wir nehmen sie uns zu Herzen.',
    talk: 'Bitte melden Sie sich direkt bei uns, damit wir darüber sprechen können.',
    again: 'Wir freuen uns auf Ihren nächsten Besuch.',
    signOff: (b) => `Ihr Team von ${b}`,
  },
}

const SNIPPET_WORDS = 14

/** A 'but' in the quoted words: the praise comes with a complaint. */
const CONTRAST: Record<Language, RegExp> = {
  en: /\b(but|though|although|however|except)\b/i,
  es: /\b(pero|aunque|sin embargo|excepto)\b/i,
  fr: /\b(mais|cependant|pourtant|sauf)\b/i,
  de: /\b(aber|jedoch|allerdings|obwohl|außer)\b/i,
}

/** The review's first sentence, at most SNIPPET_WORDS words: the reviewer's own words, quoted. */
export function snippetOf(comment: string): string | null {
  const first = comment
    .replace(/\s+/g, ' ')
    .trim()
    // A title's full stop ('Dr. Patel') does not end the sentence.
    .split(/(?<!\b(?:Dr|Dra|Mr|Mrs|Ms|Mme|Sr|Sra|Hr|Fr|St)\.)(?<=[.!?])\s+/u)[0]
  if (!first) return null
  const words = first.replace(/[.!?]+$/u, '').split(' ')
  const cut = words.slice(0, SNIPPET_WORDS).join(' ')
  return words.length > SNIPPET_WORDS ? `${cut}…` : cut
}

/** A first name the reviewer showed (never for 'A Google user' or an anonymous review). */
function firstName(reviewer: string, anonymous: boolean): string | null {
  if (anonymous || reviewer === 'A Google user') return null
  const first = reviewer.trim().split(/\s+/)[0] ?? ''
  return /^\p{L}[\p{L}'-]*$/u.test(first) && first.length > 1 ? first : null
}

export interface ReplyDraftInput {
  business: { name: string; services: string[] }
  review: { reviewer: string; anonymous: boolean; rating: number | null; comment: string }
}

/** A draft reply in the review's language, from the review's own words and the business's name. */
export function draftReplyBuiltIn({ business, review }: ReplyDraftInput): {
  draft: string
  language: Language
  note: string | null
} {
  const { language, note } = detectLanguage(review.comment)
  const p = PHRASES[language]
  const name = business.name.trim()
  const words = snippetOf(review.comment)
  const text = review.comment.toLowerCase()
  const service = business.services.find((s) => s.trim() && text.includes(s.trim().toLowerCase()))
  const rating = review.rating
  const lines: string[] = [p.hello(firstName(review.reviewer, review.anonymous))]
  const body: string[] = []
  if (rating !== null && rating >= 4) {
    body.push(words ? p.thanksKind(name) : p.thanksRating(name))
    if (words) body.push(CONTRAST[language].test(words) ? p.noted(words) : p.glad(words))
    if (service) body.push(p.service(service.trim()))
    body.push(p.again)
  } else if (rating !== null) {
    body.push(words ? p.thanksTime(name) : p.thanksRating(name))
    body.push(words && rating <= 2 ? p.sorry(words) : rating <= 2 ? p.sorryGeneral : p.honest)
    body.push(p.talk)
  } else {
    body.push(p.thanksTime(name))
    if (words) body.push(p.glad(words))
  }
  lines.push(body.join(' '), p.signOff(name))
  return { draft: lines.join('\n\n'), language, note }
}
