// Link texts that say nothing about where the link goes, per language (primary subtag). A link whose
// language is unknown (no lang, or text in several languages) is held against every list.
import { ownValue } from '@localseo/shared/own-key'

const GENERIC_LINK_TEXT: Readonly<Record<string, readonly string[]>> = {
  en: [
    'click here',
    'click this',
    'go',
    'here',
    'information',
    'learn more',
    'more',
    'more info',
    'more information',
    'right here',
    'read more',
    'see more',
    'start',
    'this',
    'link',
    'continue',
  ],
  de: [
    'klicke hier',
    'klicken sie hier',
    'hier klicken',
    'hier',
    'mehr',
    'mehr erfahren',
    'weiterlesen',
    'mehr infos',
    'weiter',
  ],
  es: [
    'haz clic aquí',
    'clic aquí',
    'haga clic aquí',
    'aquí',
    'más',
    'leer más',
    'más información',
    'ver más',
    'pulse aquí',
  ],
  fr: [
    'cliquez ici',
    'cliquer ici',
    'ici',
    'plus',
    'en savoir plus',
    'lire la suite',
    'voir plus',
    'suite',
  ],
  pt: ['clique aqui', 'aqui', 'mais', 'leia mais', 'saiba mais', 'ver mais', 'mais informações'],
  it: ['clicca qui', 'qui', 'di più', 'leggi di più', 'scopri di più', 'altro'],
  nl: ['klik hier', 'hier', 'meer', 'lees meer', 'meer informatie'],
}

const ALL_LISTS = Object.values(GENERIC_LINK_TEXT)

function normalizeLinkText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase()
}

/** True when `text` is generic in the link's language (`lang` undefined: any language). */
export function isGenericLinkText(text: string, lang: string | undefined): boolean {
  const normalized = normalizeLinkText(text)
  if (!normalized) return false
  const primary = lang?.split('-')[0]?.toLowerCase()
  const lists = primary === undefined ? ALL_LISTS : [ownValue(GENERIC_LINK_TEXT, primary) ?? []]
  return lists.some((list) => list.includes(normalized))
}
