// The built-in writer of review replies (ADR 037): the review's language among four, its own words
// quoted, the business named, a service only when the review names it, and nothing invented.
import { describe, expect, test } from 'vitest'
import { detectLanguage, draftReplyBuiltIn, snippetOf } from './review-reply-engine.js'

const business = { name: 'Bright Smile Dental', services: ['Teeth whitening', 'Implants'] }
const draft = (review: Partial<Parameters<typeof draftReplyBuiltIn>[0]['review']>) =>
  draftReplyBuiltIn({
    business,
    review: { reviewer: 'Maria Gonzalez', anonymous: false, rating: 5, comment: '', ...review },
  })

describe('the language of a review', () => {
  test.each([
    ['The staff were very friendly and the room was clean.', 'en'],
    ['El personal fue muy amable y la clínica estaba limpia.', 'es'],
    ['Le personnel était très gentil et la salle est propre.', 'fr'],
    ['Das Team war sehr freundlich und die Praxis ist sauber.', 'de'],
  ])('%s reads as %s, with no note', (comment, language) => {
    expect(detectLanguage(comment)).toEqual({ language, note: null })
  })

  test('another language or script is answered in English, with a note to translate', () => {
    const norwegian = detectLanguage(
      'Personalet var hyggelige og klinikken ryddig, takk skal dere ha.',
    )
    expect(norwegian.language).toBe('en')
    expect(norwegian.note).toMatch(/translate it before sending/)
    expect(detectLanguage('スタッフがとても親切でした').note).toMatch(/translate/)
    // No words at all: English, nothing to note.
    expect(detectLanguage('')).toEqual({ language: 'en', note: null })
  })
})

describe('a draft', () => {
  test("quotes the review's first sentence, names the business and a service the review names", () => {
    const { draft: text, language } = draft({
      comment: 'Teeth whitening was quick and painless. I will tell my friends about it!',
    })
    expect(language).toBe('en')
    expect(text).toBe(
      [
        'Hi Maria,',
        'Thank you for your kind review of Bright Smile Dental. We\'re glad to read "Teeth whitening was quick and painless". Thank you for choosing us for Teeth whitening. We look forward to seeing you again.',
        'The team at Bright Smile Dental',
      ].join('\n\n'),
    )
  })

  test("praise with a 'but' is taken to heart, not 'glad to read'", () => {
    const { draft: text } = draft({
      rating: 4,
      comment: 'Good work, though the first appointment was moved once.',
    })
    expect(text).toContain(
      'Thank you for telling us "Good work, though the first appointment was moved once": we take it to heart.',
    )
    expect(text).not.toContain('glad to read')
  })

  test('a service the review does not name is never mentioned; a long sentence is cut', () => {
    const { draft: text } = draft({
      comment:
        'The hygienist explained every single step of the cleaning to me slowly and patiently before she started working',
    })
    expect(text).not.toMatch(/Implants|Teeth whitening/)
    expect(
      snippetOf(
        'One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen',
      ),
    ).toBe('One two three four five six seven eight nine ten eleven twelve thirteen fourteen…')
  })

  test('3 stars: thanks for the honesty and an invitation to talk; an anonymous reviewer is not named', () => {
    const { draft: text } = draft({
      reviewer: 'A Google user',
      anonymous: true,
      rating: 3,
      comment: 'Fine, but nobody called back.',
    })
    expect(text.startsWith('Hello,')).toBe(true)
    expect(text).toContain('honest feedback')
    expect(text).toContain('get in touch with us directly')
    expect(text).not.toMatch(/%|discount|free|refund|voucher/i)
  })

  test('a rating without words is thanked for the rating, and the draft is in English', () => {
    const { draft: text, note } = draft({ rating: 1, comment: '' })
    expect(text).toContain('Thank you for rating Bright Smile Dental.')
    expect(text).toContain("We're sorry your visit did not go as it should have.")
    expect(note).toBeNull()
  })

  test('in French, the whole draft is French', () => {
    const { draft: text, language } = draft({
      rating: 2,
      comment: "Nous avons attendu une heure et personne ne s'est excusé.",
    })
    expect(language).toBe('fr')
    expect(text).toContain('Bonjour Maria,')
    expect(text).toContain("« Nous avons attendu une heure et personne ne s'est excusé »")
    expect(text).toContain("L'équipe de Bright Smile Dental")
  })
})
