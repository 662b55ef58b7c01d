import { MAX_SERVICES, normaliseServices, SERVICE_MAX_LENGTH } from './business-terms.js'
// Business and location input validation, shared by the Settings forms and the server (docs/product.md §5).
// Kept apart from business.ts because the phone metadata is large: only the forms load it.
import { z } from 'zod'
import { checkAddress, type AddressValues } from './address-rules.js'
import { BUSINESS_CATEGORIES } from './business.js'
import { DEFAULT_COUNTRY, toCountryCode, toTimeZone } from './countries.js'
import { singleLineText } from './single-line.js'

/** Every text field of a business or a location is one line (single-line.ts). */
const field = (label: string, max: number) =>
  singleLineText(label).max(max, `${label} must be at most ${max} characters.`)

const requiredField = (label: string, max: number) =>
  field(label, max).min(1, `${label} is required.`)

/** ISO 3166-1 alpha-2; the address fields below are checked in it (address-rules.ts). */
const countryField = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const code = toCountryCode(value)
    if (!code) {
      ctx.addIssue({ code: 'custom', message: 'Choose a country from the list.' })
      return z.NEVER
    }
    return code
  })

/** An IANA name such as 'America/Chicago': daily jobs run on the business's calendar. */
const timeZoneField = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const zone = toTimeZone(value)
    if (!zone) {
      ctx.addIssue({ code: 'custom', message: 'Choose a time zone from the list.' })
      return z.NEVER
    }
    return zone
  })

// Their rules depend on the country; withAddressRules checks them once the country is known.
const regionField = field('Region', 100)
const postcodeField = field('Postcode', 20)
const phoneField = field('Phone', 30)

const ADDRESS_PATHS = new Set(['country', 'state', 'zip', 'phone'])

/** Runs even when other fields failed, so every message shows at once; not when the country failed. */
const countryParsed = (payload: z.core.ParsePayload) =>
  typeof payload.value === 'object' &&
  payload.value !== null &&
  !payload.issues.some((issue) => issue.path?.[0] === 'country')

/** The region, postcode and phone checked and normalised in the address's country. */
function withAddressRules<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return schema
    .superRefine(
      (value, ctx) => {
        const address = value as unknown as Record<string, unknown>
        const strings = [...ADDRESS_PATHS].every((key) => typeof address[key] === 'string')
        const result = strings ? checkAddress(address as unknown as AddressValues) : undefined
        if (!result || result.ok) return
        const failed = new Set(ctx.issues.map((issue) => issue.path?.[0]))
        for (const issue of result.issues) {
          if (!failed.has(issue.path))
            ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message })
        }
      },
      { when: countryParsed },
    )
    .transform((value) => {
      const result = checkAddress(value as unknown as AddressValues)
      return result.ok ? (result.value as unknown as typeof value) : value
    })
}

/** Optional; 'example.com' becomes 'https://example.com'. Only http(s) addresses with a real host. */
const urlField = (label: string, example: string) =>
  field(label, 300).transform((value, ctx) => {
    if (value === '') return ''
    const withScheme = /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`
    let url: URL | undefined
    try {
      url = new URL(withScheme)
    } catch {
      url = undefined
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || !url.hostname.includes('.')) {
      ctx.addIssue({ code: 'custom', message: `Enter ${example}.` })
      return z.NEVER
    }
    return url.toString().replace(/\/$/, '')
  })

const websiteField = urlField('Website', 'a website address such as https://example.com')

/** A location's own page: the same rules as the website (issue 11). */
const pageUrlField = urlField(
  'Location page URL',
  'a page address such as https://example.com/austin',
)

const businessFields = z.object({
  name: requiredField('Business name', 120),
  category: z.enum(BUSINESS_CATEGORIES, { message: 'Choose a business category.' }),
  address: requiredField('Address', 200),
  city: requiredField('City', 100),
  country: countryField.default(DEFAULT_COUNTRY),
  state: regionField,
  zip: postcodeField,
  phone: phoneField.min(1, 'Phone is required.'),
  /** Left out: the saved zone stays (a new business takes its address's, regions.ts). */
  timeZone: timeZoneField.optional(),
  website: websiteField.default(''),
  /** Left out: the saved list stays (a new business starts with the services its name names). */
  services: z
    .array(
      singleLineText('Each service')
        .min(1, 'A service cannot be empty.')
        .max(SERVICE_MAX_LENGTH, `Keep each service under ${SERVICE_MAX_LENGTH} characters.`),
    )
    .max(MAX_SERVICES, `List up to ${MAX_SERVICES} services.`)
    .transform(normaliseServices)
    .optional(),
})

export const businessInputSchema = withAddressRules(businessFields)

export type BusinessInput = z.input<typeof businessInputSchema>

const locationFields = {
  name: requiredField('Location name', 120),
  address: requiredField('Address', 200),
  city: requiredField('City', 100),
  country: countryField,
  state: regionField,
  zip: postcodeField,
  phone: phoneField,
  pageUrl: pageUrlField,
}

/** What adding a location accepts: without a country it is in the business's (the server fills it in). */
export const locationCreateSchema = z.object({
  ...locationFields,
  country: locationFields.country.optional(),
  phone: locationFields.phone.default(''),
  pageUrl: locationFields.pageUrl.default(''),
})

/** A whole location, checked in its country. */
export const locationInputSchema = withAddressRules(
  locationCreateSchema.extend({ country: locationFields.country.default(DEFAULT_COUNTRY) }),
)

export type LocationInput = z.input<typeof locationInputSchema>

/**
 * Every location field may change on its own.
 * Built without the defaults, so a field left out keeps its value instead of becoming ''. The
 * country rules need the whole location: the server checks the saved one with the change applied.
 */
export const locationUpdateSchema = z.object(locationFields).partial()

/** A business has at most this many extra locations: lists stay bounded. */
export const MAX_LOCATIONS = 100
