// Every check the audit runs: its id, category, severity and the words the owner reads (issue 11
// item 2). Severity tiers follow SEOnaut's: critical = status, indexability and NAP errors; alert =
// metadata, canonical, schema and local signals; warning = hygiene.

export type Severity = 'critical' | 'alert' | 'warning'
type CheckCategory = 'indexability' | 'content' | 'local'

export interface CheckDefinition {
  category: CheckCategory
  severity: Severity
  title: string
  explanation: string
  fix: string
}

export const CHECKS = {
  // Indexability
  'broken-page': {
    category: 'indexability',
    severity: 'critical',
    title: 'Pages that answer with an error',
    explanation:
      'These pages answered with an error code (4xx or 5xx), so visitors and search engines see an error instead of your content.',
    fix: 'Restore the page, or redirect its address to the page that replaced it and update the links that point to it.',
  },
  'page-unreachable': {
    category: 'indexability',
    severity: 'critical',
    title: 'Pages that could not be loaded',
    explanation:
      'These pages did not answer in time or the connection failed, so search engines may give up on them too.',
    fix: 'Check that your hosting is up and fast enough; ask your web host about timeouts and server errors.',
  },
  'page-too-large': {
    category: 'indexability',
    severity: 'warning',
    title: 'Pages too large to read completely',
    explanation: 'These pages are over 5 MB of HTML, so only their beginning was checked.',
    fix: 'Move large inline data, images and scripts out of the HTML.',
  },
  'redirect-loop': {
    category: 'indexability',
    severity: 'critical',
    title: 'Redirect loops',
    explanation:
      'These addresses redirect in a circle (or through more than 5 redirects), so no one ever reaches a page.',
    fix: 'Make the address redirect once, straight to the final page.',
  },
  'redirect-chain': {
    category: 'indexability',
    severity: 'alert',
    title: 'Redirect chains',
    explanation:
      'These links go through two or more redirects before reaching a page, which slows visitors down and wastes crawl time.',
    fix: 'Point the links (and the first redirect) straight at the final address.',
  },
  'audit-blocked': {
    category: 'indexability',
    severity: 'alert',
    title: 'Audit blocked',
    explanation:
      'Your site or its firewall refused our auditor (too many requests, server busy or bot protection), so these pages could not be checked. They are not counted as broken.',
    fix: 'If you use a firewall or bot protection, allow the LocalSEO-AI auditor, then run the audit again.',
  },
  'needs-javascript': {
    category: 'indexability',
    severity: 'alert',
    title: 'Pages that need JavaScript to read',
    explanation:
      'These pages send an empty shell and build their content with JavaScript. Search engines may index them late or not at all, and this audit could not read their content.',
    fix: 'Ask your developer for server-side rendering or pre-rendering, so the HTML already contains the text.',
  },
  noindex: {
    category: 'indexability',
    severity: 'critical',
    title: 'Pages hidden from search (noindex)',
    explanation:
      'A robots meta tag or X-Robots-Tag header tells search engines not to show these pages in results.',
    fix: 'Remove "noindex" (or "none") from the page, unless you really want it kept out of search.',
  },
  'robots-txt-unreachable': {
    category: 'indexability',
    severity: 'critical',
    title: 'robots.txt answers with an error',
    explanation:
      'Your robots.txt answered with a server error or a rate limit, and search engines then treat the whole site as blocked. The audit could not crawl it either.',
    fix: 'Make /robots.txt answer 200 with your rules, or 404 if you have none.',
  },
  'robots-txt-invalid': {
    category: 'indexability',
    severity: 'alert',
    title: 'robots.txt lines search engines do not understand',
    explanation:
      'Some lines of your robots.txt are not valid rules, so search engines ignore them (or misread them).',
    fix: 'Correct or remove the lines listed.',
  },
  'robots-blocks-key-page': {
    category: 'indexability',
    severity: 'critical',
    title: 'robots.txt blocks your main pages',
    explanation:
      'Your robots.txt forbids Google from crawling your home page or a location page, so they cannot rank.',
    fix: 'Remove or narrow the Disallow rule named for each page.',
  },
  'robots-blocks-pages': {
    category: 'indexability',
    severity: 'warning',
    title: 'Pages blocked by robots.txt',
    explanation: 'Your robots.txt forbids Google from crawling these linked pages.',
    fix: 'If these pages should be found in search, remove the Disallow rule named for each.',
  },
  'canonical-invalid': {
    category: 'indexability',
    severity: 'alert',
    title: 'Invalid canonical URL',
    explanation:
      'The canonical link of these pages is not a valid URL, so search engines ignore it.',
    fix: 'Set rel="canonical" to the full address of the page, e.g. https://example.com/services/.',
  },
  'canonical-relative': {
    category: 'indexability',
    severity: 'alert',
    title: 'Relative canonical URL',
    explanation: 'The canonical link is not a full address, which search engines may misread.',
    fix: 'Write the canonical as a full address starting with https://.',
  },
  'canonical-conflict': {
    category: 'indexability',
    severity: 'alert',
    title: 'Conflicting canonical URLs',
    explanation:
      'These pages name more than one canonical address (in the HTML, the HTTP header, or both), so search engines may ignore them all.',
    fix: 'Keep a single canonical address per page, the same in the HTML and in the Link header.',
  },
  'canonical-to-root': {
    category: 'indexability',
    severity: 'alert',
    title: 'Canonical points to the home page',
    explanation:
      'These inner pages say the home page is their canonical version, asking search engines to drop them from results.',
    fix: 'Make each page canonical to its own address.',
  },
  'hreflang-invalid': {
    category: 'indexability',
    severity: 'alert',
    title: 'Invalid hreflang links',
    explanation:
      'Language alternates must name a real language code (or x-default) and a full URL; these do not, so search engines ignore them.',
    fix: 'Use codes such as "en", "es" or "en-US" and full addresses starting with https://.',
  },
  'not-https': {
    category: 'indexability',
    severity: 'alert',
    title: 'Pages not served over HTTPS',
    explanation: 'Browsers mark these pages "Not secure", and search engines prefer secure pages.',
    fix: 'Install a certificate (most hosts offer one free) and redirect http:// to https://.',
  },
  'sitemap-problem': {
    category: 'indexability',
    severity: 'warning',
    title: 'Sitemap problems',
    explanation: 'Search engines could not use these sitemaps completely.',
    fix: 'Fix the sitemap named for each problem; sitemap indexes should list only sitemaps, never themselves.',
  },
  'crawl-trap': {
    category: 'indexability',
    severity: 'warning',
    title: 'Endless links (crawler traps)',
    explanation:
      'Links like these (calendars, sort orders, filters) multiply without end. Search engines waste their time on them instead of your real pages.',
    fix: 'Add rel="nofollow" to these links or block the pattern in robots.txt.',
  },
  // Content
  'title-missing': {
    category: 'content',
    severity: 'alert',
    title: 'Missing page title',
    explanation: 'These pages have no <title>, the headline searchers see in results.',
    fix: 'Give each page a unique title naming its service and your city.',
  },
  'title-length': {
    category: 'content',
    severity: 'warning',
    title: 'Title too short or too long',
    explanation: 'Titles between 20 and 60 characters show in full in search results.',
    fix: 'Rewrite the title to 20-60 characters.',
  },
  'title-duplicate': {
    category: 'content',
    severity: 'alert',
    title: 'Duplicate titles',
    explanation: 'Several pages share one title, so searchers cannot tell them apart.',
    fix: 'Give every page its own title.',
  },
  'meta-description-missing': {
    category: 'content',
    severity: 'alert',
    title: 'Missing meta description',
    explanation:
      'These pages have no (or an empty) meta description, the summary search results show under the title.',
    fix: 'Add a meta description of 70-160 characters that says what the page offers and where.',
  },
  'meta-description-length': {
    category: 'content',
    severity: 'warning',
    title: 'Meta description too short or too long',
    explanation: 'Descriptions between 70 and 160 characters show best in search results.',
    fix: 'Rewrite the description to 70-160 characters.',
  },
  'meta-description-duplicate': {
    category: 'content',
    severity: 'alert',
    title: 'Duplicate meta descriptions',
    explanation: 'Several pages share one description.',
    fix: 'Write a description for each page.',
  },
  'h1-missing': {
    category: 'content',
    severity: 'alert',
    title: 'Missing main heading (H1)',
    explanation:
      'These pages have no H1 heading telling readers and search engines what they are about.',
    fix: 'Add one H1 naming the page topic.',
  },
  'h1-multiple': {
    category: 'content',
    severity: 'warning',
    title: 'More than one H1',
    explanation: 'These pages have several H1 headings, which blurs what the page is about.',
    fix: 'Keep one H1 and turn the others into H2 headings.',
  },
  'image-alt-missing': {
    category: 'content',
    severity: 'warning',
    title: 'Images without alt text',
    explanation:
      'Screen readers and image search cannot tell what these images show. (An empty alt="" is fine for decoration.)',
    fix: 'Add a short alt text describing each image.',
  },
  'generic-link-text': {
    category: 'content',
    severity: 'warning',
    title: 'Links that say "click here"',
    explanation:
      'Link texts like "click here" or "read more" tell search engines nothing about the page they point to.',
    fix: 'Use words that describe the target, e.g. "see our teeth whitening prices".',
  },
  'uncrawlable-anchors': {
    category: 'content',
    severity: 'warning',
    title: 'Links search engines cannot follow',
    explanation:
      'These links work only through JavaScript (no real href), so search engines cannot follow them.',
    fix: 'Give each link a real href="/page" address.',
  },
  'thin-content': {
    category: 'content',
    severity: 'warning',
    title: 'Thin content (under 200 words)',
    explanation:
      'These pages have little text, which gives search engines little reason to rank them.',
    fix: 'Add useful text: your services, prices, area served and answers to common questions.',
  },
  'viewport-missing': {
    category: 'content',
    severity: 'alert',
    title: 'Not set up for phones',
    explanation: 'These pages have no viewport meta tag, so phones show them zoomed out.',
    fix: 'Add <meta name="viewport" content="width=device-width, initial-scale=1"> to the page head.',
  },
  'lang-missing': {
    category: 'content',
    severity: 'warning',
    title: 'Page language not declared',
    explanation: 'These pages do not say which language they are in (<html lang>).',
    fix: 'Add lang="en" (or your language) to the <html> tag.',
  },
  // Local
  'local-schema-missing': {
    category: 'local',
    severity: 'alert',
    title: 'No LocalBusiness markup',
    explanation:
      'Your home page and location pages should describe the business in LocalBusiness structured data (JSON-LD or microdata). These pages have none.',
    fix: 'Add LocalBusiness JSON-LD (or a subtype such as Dentist or Plumber) with name, address, phone, url, geo and opening hours.',
  },
  'local-schema-required': {
    category: 'local',
    severity: 'alert',
    title: 'LocalBusiness markup lacks name or address',
    explanation:
      'Google requires a name and an address in LocalBusiness markup; these pages lack one.',
    fix: 'Add the missing name or address (a PostalAddress) to the markup.',
  },
  'local-schema-recommended': {
    category: 'local',
    severity: 'warning',
    title: 'LocalBusiness markup could say more',
    explanation:
      'Google recommends telephone, url, geo coordinates and opening hours in the markup.',
    fix: 'Add the missing properties listed for each page.',
  },
  'schema-nap-mismatch': {
    category: 'local',
    severity: 'critical',
    title: 'Markup disagrees with your business profile',
    explanation:
      'The name, address or phone in the page markup differs from your profile. Inconsistent details confuse search engines about where and who you are.',
    fix: 'Make the markup match your profile exactly (or update the profile if the site is right).',
  },
  'nap-not-visible': {
    category: 'local',
    severity: 'alert',
    title: 'Name, address or phone not shown as text',
    explanation:
      'Your home page and location pages should show the business name, address and phone as text (not only in an image).',
    fix: 'Show them in the page footer or contact section as plain text.',
  },
  'visible-phone-mismatch': {
    category: 'local',
    severity: 'critical',
    title: 'The page shows a different phone number',
    explanation: 'The phone number on the page is not the one in your business profile.',
    fix: 'Use the same phone number on the site, in your profile and on every listing.',
  },
  'tel-link-missing': {
    category: 'local',
    severity: 'alert',
    title: 'Phone number is not tap-to-call',
    explanation:
      'On phones, visitors should be able to tap your number to call. These pages have no tel: link for it.',
    fix: 'Wrap the number in a link such as <a href="tel:+15125550100">(512) 555-0100</a>.',
  },
  'map-missing': {
    category: 'local',
    severity: 'warning',
    title: 'No map or directions link',
    explanation:
      'Location pages should help visitors find you with an embedded map or a directions link.',
    fix: 'Embed a Google Map of your location or link to directions.',
  },
  'city-category-missing': {
    category: 'local',
    severity: 'alert',
    title: 'City or service missing from title and H1',
    explanation:
      'The title and main heading of your home and location pages should name your city and what you do, e.g. "Dentist in Austin".',
    fix: 'Add the city and your main service to the title and the H1 listed for each page.',
  },
  'location-page-missing': {
    category: 'local',
    severity: 'alert',
    title: 'Locations without their own page',
    explanation:
      'No crawled page shows the address of these locations. Each location should have its own page with its address, phone, hours and map.',
    fix: 'Create a page for each location and link it from your menu.',
  },
  'location-pages-duplicate': {
    category: 'local',
    severity: 'warning',
    title: 'Location pages that are near copies',
    explanation:
      'These location pages are almost the same apart from the city name. Search engines treat such pages as doorway pages.',
    fix: 'Write each location page on its own: staff, directions, photos, local services and reviews.',
  },
} as const satisfies Record<string, CheckDefinition>

export type CheckId = keyof typeof CHECKS

export interface IssuePage {
  url: string
  detail?: string
}

export interface AuditIssue extends CheckDefinition {
  id: CheckId
  pages: IssuePage[]
}

/** What one check function found: pages per check id. */
export type Findings = Partial<Record<CheckId, IssuePage[]>>

export const SEVERITY_ORDER: Record<Severity, number> = { critical: 0, alert: 1, warning: 2 }
