import { MAX_SERVICES, normaliseServices, SERVICE_MAX_LENGTH } from './business-terms.js'
// Business and location input validation, shared by the Settings forms and the server (docs/product.md §5).
// Kept apart from business.ts because the phone metadata is large: only the forms load it.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { z } from 'zod'
import { BUSINESS_CATEGORIES } from './business.js'
import { toStateCode } from './us-states.js'

const field = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`)

const requiredField = (label: string, max: number) =>
  field(label, max).min(1, `${label} is required.`)

const stateField = requiredField('State', 40).transform((value, ctx) => {
  const code = toStateCode(value)
  if (!code) {
    ctx.addIssue({ code: 'custom', message: 'Enter a US state, for example TX or Texas.' })
    return z.NEVER
  }
  return code
})

const zipField = requiredField('ZIP code', 10).regex(
  /^\d{5}(-\d{4})?$/,
  'Enter a 5-digit ZIP code, for example 78701.',
)

/** Phone numbers are checked with libphonenumber-js and stored in a readable national format. */
const phoneValue = (label: string) =>
  field(label, 30).transform((value, ctx) => {
    if (value === '') return ''
    const parsed = parsePhoneNumberFromString(value, 'US')
    if (!parsed?.isValid()) {
      ctx.addIssue({
        code: 'custom',
        message: `Enter a valid phone number, for example (512) 555-0100.`,
      })
      return z.NEVER
    }
    return parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational()
  })

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

export const businessInputSchema = z.object({
  name: requiredField('Business name', 120),
  category: z.enum(BUSINESS_CATEGORIES, { message: 'Choose a business category.' }),
  address: requiredField('Address', 200),
  city: requiredField('City', 100),
  state: stateField,
  zip: zipField,
  phone: phoneValue('Phone').refine((v) => v !== '', 'Phone is required.'),
  website: websiteField.default(''),
  /** Left out: the saved list stays (a new business starts with the services its name names). */
  services: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A service cannot be empty.')
        .max(SERVICE_MAX_LENGTH, `Keep each service under ${SERVICE_MAX_LENGTH} characters.`),
    )
    .max(MAX_SERVICES, `List up to ${MAX_SERVICES} services.`)
    .transform(normaliseServices)
    .optional(),
})

export type BusinessInput = z.input<typeof businessInputSchema>

const locationFields = {
  name: requiredField('Location name', 120),
  address: requiredField('Address', 200),
  city: requiredField('City', 100),
  state: stateField,
  zip: zipField,
  phone: phoneValue('Phone'),
  pageUrl: pageUrlField,
}

export const locationInputSchema = z.object({
  ...locationFields,
  phone: locationFields.phone.default(''),
  pageUrl: locationFields.pageUrl.default(''),
})

export type LocationInput = z.input<typeof locationInputSchema>

/**
 * Every location field may change on its own; the primary flag changes only through set-primary.
 * Built without the defaults, so a field left out keeps its value instead of becoming ''.
 */
export const locationUpdateSchema = z.object(locationFields).partial()

/** A business has at most this many extra locations: lists stay bounded. */
export const MAX_LOCATIONS = 100
