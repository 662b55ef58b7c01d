// LocalBusiness markup from JSON-LD (tolerant of comments, CDATA, arrays and @graph) and microdata.
// Only what the local checks need is kept: the business's name, address, phone, url, geo and hours.
import type { CheerioAPI } from 'cheerio'
import type { AnyNode, Element } from 'domhandler'
import { isElement } from './dom.js'

/** schema.org LocalBusiness and its subtypes (schema.org 29), matched without the namespace. */
const LOCAL_BUSINESS_TYPES = new Set(
  `LocalBusiness AnimalShelter ArchiveOrganization AutomotiveBusiness AutoBodyShop AutoDealer
  AutoPartsStore AutoRental AutoRepair AutoWash GasStation MotorcycleDealer MotorcycleRepair ChildCare
  Dentist DryCleaningOrLaundry EmergencyService FireStation Hospital PoliceStation EmploymentAgency
  EntertainmentBusiness AdultEntertainment AmusementPark ArtGallery Casino ComedyClub MovieTheater
  NightClub FinancialService AccountingService AutomatedTeller BankOrCreditUnion InsuranceAgency
  FoodEstablishment Bakery BarOrPub Brewery CafeOrCoffeeShop Distillery FastFoodRestaurant
  IceCreamShop Restaurant Winery GovernmentOffice PostOffice HealthAndBeautyBusiness BeautySalon
  DaySpa HairSalon HealthClub NailSalon TattooParlor HomeAndConstructionBusiness Electrician
  GeneralContractor HVACBusiness HousePainter Locksmith MovingCompany Plumber RoofingContractor
  InternetCafe LegalService Attorney Notary Library LodgingBusiness BedAndBreakfast Campground Hostel
  Hotel Motel Resort SkiResort VacationRental MedicalBusiness CommunityHealth Dermatology
  DietNutrition Emergency Geriatric Gynecologic MedicalClinic CovidTestingFacility Midwifery Nursing
  Obstetric Oncologic Optician Optometric Otolaryngologic Pediatric Pharmacy Physician
  IndividualPhysician PhysiciansOffice Physiotherapy PlasticSurgery Podiatric PrimaryCare Psychiatric
  PublicHealth ProfessionalService RadioStation RealEstateAgent RecyclingCenter SelfStorage
  ShoppingCenter SportsActivityLocation BowlingAlley ExerciseGym GolfCourse PublicSwimmingPool
  SportsClub StadiumOrArena TennisComplex Store BikeStore BookStore ClothingStore ComputerStore
  ConvenienceStore DepartmentStore ElectronicsStore Florist FurnitureStore GardenStore GroceryStore
  HardwareStore HobbyShop HomeGoodsStore JewelryStore LiquorStore MensClothingStore MobilePhoneStore
  MovieRentalStore MusicStore OfficeEquipmentStore OutletStore PawnShop PetStore ShoeStore
  SportingGoodsStore TireShop ToyStore WholesaleStore TelevisionStation TouristInformationCenter
  TravelAgency VeterinaryCare`.split(/\s+/),
)

export interface LocalBusinessMarkup {
  source: 'json-ld' | 'microdata'
  types: string[]
  name: string
  /** One line: street, city, region, postal code; empty when there is no address. */
  address: string
  telephone: string
  url: string
  hasGeo: boolean
  hasHours: boolean
}

export interface StructuredData {
  localBusinesses: LocalBusinessMarkup[]
  /** JSON-LD blocks that are not valid JSON. */
  invalidJsonLd: number
}

type Json = Record<string, unknown>

function typeNames(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value]
  return list
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^https?:\/\/schema\.org\//i, '').replace(/^schema:/i, ''))
}

function isLocalBusinessType(types: string[]): boolean {
  return types.some((t) => LOCAL_BUSINESS_TYPES.has(t))
}

function str(value: unknown): string {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return str(value[0])
  if (value && typeof value === 'object') {
    const v = value as Json
    return str(v['@value'] ?? v['name'] ?? v['@id'] ?? '')
  }
  return ''
}

function addressLine(value: unknown): string {
  if (typeof value === 'string') return value.trim()
  if (Array.isArray(value)) return addressLine(value[0])
  if (!value || typeof value !== 'object') return ''
  const a = value as Json
  const street = str(a['streetAddress'])
  const city = str(a['addressLocality'])
  const region = [str(a['addressRegion']), str(a['postalCode'])].filter(Boolean).join(' ')
  return [street, [city, region].filter(Boolean).join(', ')].filter(Boolean).join(', ')
}

function hasGeo(value: unknown): boolean {
  const geo = (Array.isArray(value) ? value[0] : value) as Json | undefined
  return Boolean(geo && typeof geo === 'object' && str(geo['latitude']) && str(geo['longitude']))
}

function toMarkup(node: Json, source: LocalBusinessMarkup['source']): LocalBusinessMarkup {
  return {
    source,
    types: typeNames(node['@type'] ?? node['type']),
    name: str(node['name']),
    address: addressLine(node['address']),
    telephone: str(node['telephone']).replace(/^tel:/i, ''),
    url: str(node['url']),
    hasGeo: hasGeo(node['geo']),
    hasHours: Boolean(node['openingHoursSpecification'] ?? node['openingHours']),
  }
}

/** Every object in a JSON-LD document, including nested ones and @graph members. */
function walk(value: unknown, visit: (node: Json) => void, depth = 0) {
  if (depth > 20 || !value || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit, depth + 1)
    return
  }
  const node = value as Json
  visit(node)
  for (const [key, child] of Object.entries(node)) {
    if (key !== '@context') walk(child, visit, depth + 1)
  }
}

function parseJsonLd(raw: string): unknown {
  const cleaned = raw
    .trim()
    .replace(/^<!--/, '')
    .replace(/-->$/, '')
    .replace(/^\s*(\/\/)?\s*<!\[CDATA\[/, '')
    .replace(/(\/\/)?\s*\]\]>\s*$/, '')
    .trim()
  return JSON.parse(cleaned)
}

function microdataValue($: CheerioAPI, el: Element): unknown {
  const $el = $(el)
  if ($el.attr('itemscope') !== undefined) return microdataItem($, el)
  const content = $el.attr('content')
  if (content !== undefined) return content
  const tag = el.tagName.toLowerCase()
  if (tag === 'a' || tag === 'link') return $el.attr('href') ?? ''
  if (tag === 'img' || tag === 'iframe') return $el.attr('src') ?? ''
  if (tag === 'time') return $el.attr('datetime') ?? $el.text()
  return $el.text().replace(/\s+/g, ' ').trim()
}

/** The properties of one itemscope, without descending into nested items. */
function microdataItem($: CheerioAPI, root: Element): Json {
  const item: Json = { '@type': ($(root).attr('itemtype') ?? '').split(/\s+/).filter(Boolean) }
  const visit = (node: AnyNode) => {
    if (!isElement(node)) return
    const el = node
    const props = ($(el).attr('itemprop') ?? '').split(/\s+/).filter(Boolean)
    for (const prop of props) item[prop] ??= microdataValue($, el)
    if ($(el).attr('itemscope') === undefined) el.children.forEach(visit)
  }
  root.children.forEach(visit)
  return item
}

export function extractStructuredData($: CheerioAPI): StructuredData {
  const localBusinesses: LocalBusinessMarkup[] = []
  let invalidJsonLd = 0
  $('script').each((_, el) => {
    const type = ($(el).attr('type') ?? '').split(';')[0]?.trim().toLowerCase()
    if (type !== 'application/ld+json') return
    let doc: unknown
    try {
      doc = parseJsonLd($(el).text())
    } catch {
      invalidJsonLd++
      return
    }
    walk(doc, (node) => {
      if (isLocalBusinessType(typeNames(node['@type']))) {
        localBusinesses.push(toMarkup(node, 'json-ld'))
      }
    })
  })
  $('[itemscope][itemtype]').each((_, el) => {
    const item = microdataItem($, el)
    if (isLocalBusinessType(typeNames(item['@type']))) {
      localBusinesses.push(toMarkup(item, 'microdata'))
    }
  })
  return { localBusinesses, invalidJsonLd }
}
