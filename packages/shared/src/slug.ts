/** 'Joe's Plumbing & Heating' → 'joe-s-plumbing-and-heating': lower case, dashes, no edges. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
