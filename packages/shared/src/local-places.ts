// Where a local business of each country is listed and reviewed (issue 32 item 6): the general
// directories Local Listings tracks as citations, the category sites it adds (a health service
// directory, a trades review site), and the directories and review sites the advice names. A Bristol
// dentist is told about Yell and the NHS website, never Healthgrades, Zocdoc, the BBB or Angi;
// docs/product.md §2 Local Listings lists them. Every site is a real, well-known one of its country.
import type { BusinessCategory } from './business.js'
import { ownValue } from './own-key.js'

export interface LocalPlace {
  name: string
  /** Where the owner claims or manages the profile. */
  url: string
  /** Matched against backlink domains to see whether the business already has a link from it. */
  domain: string
}

const place = (
  name: string,
  url: string,
  domain = new URL(url).hostname.replace(/^www\./, ''),
) => ({
  name,
  url,
  domain,
})

/** Every site named below, by name. */
const PLACES: Readonly<Record<string, LocalPlace>> = Object.fromEntries(
  [
    // Everywhere
    place('Google Business Profile', 'https://business.google.com/', 'google.com'),
    place('Yelp', 'https://biz.yelp.com/', 'yelp.com'),
    place('Facebook', 'https://www.facebook.com/business', 'facebook.com'),
    place('Bing Places', 'https://www.bingplaces.com/'),
    place('Apple Business Connect', 'https://businessconnect.apple.com/', 'apple.com'),
    place('Foursquare', 'https://foursquare.com/'),
    place('TripAdvisor', 'https://www.tripadvisor.com/Owners', 'tripadvisor'),
    place('Booking.com', 'https://partner.booking.com/', 'booking.com'),
    place('Expedia', 'https://www.expediapartnercentral.com/', 'expedia'),
    place('OpenTable', 'https://restaurant.opentable.com/', 'opentable'),
    place('TheFork', 'https://www.theforkmanager.com/', 'thefork'),
    place('Houzz', 'https://pro.houzz.com/', 'houzz'),
    place('Fresha', 'https://www.fresha.com/for-business', 'fresha.com'),
    place('Booksy', 'https://biz.booksy.com/', 'booksy.com'),
    place('Treatwell', 'https://connect.treatwell.com/', 'treatwell'),
    place('ClassPass', 'https://classpass.com/partners', 'classpass.com'),
    place('Mindbody', 'https://www.mindbodyonline.com/business', 'mindbodyonline.com'),
    place('Clutch', 'https://clutch.co/', 'clutch.co'),
    place('DesignRush', 'https://www.designrush.com/'),
    place('Nextdoor', 'https://business.nextdoor.com/', 'nextdoor.com'),
    // United States
    place('Yellow Pages', 'https://www.yellowpages.com/'),
    place('BBB', 'https://www.bbb.org/', 'bbb.org'),
    place('Better Business Bureau', 'https://www.bbb.org/', 'bbb.org'),
    place('Angi', 'https://www.angi.com/'),
    place('HomeAdvisor', 'https://pro.homeadvisor.com/', 'homeadvisor.com'),
    place('Thumbtack', 'https://www.thumbtack.com/pro'),
    place('Healthgrades', 'https://www.healthgrades.com/'),
    place('Zocdoc', 'https://www.zocdoc.com/join'),
    place('ADA Find-a-Dentist', 'https://findadentist.ada.org/', 'ada.org'),
    place('WebMD Care', 'https://doctor.webmd.com/', 'webmd.com'),
    place('Avvo', 'https://www.avvo.com/'),
    place('Justia', 'https://www.justia.com/lawyers'),
    place('FindLaw', 'https://lawyers.findlaw.com/', 'findlaw.com'),
    place('Martindale-Hubbell', 'https://www.martindale.com/', 'martindale.com'),
    place('AICPA and state CPA society directories', 'https://www.aicpa-cima.com/', 'cpa'),
    place('Expertise.com', 'https://www.expertise.com/'),
    place('RepairPal', 'https://repairpal.com/'),
    place('AAA Approved Auto Repair', 'https://www.aaa.com/autorepair/', 'aaa.com'),
    place('CarFax service shop listing', 'https://www.carfaxforservice.com/', 'carfax'),
    place('StyleSeat', 'https://www.styleseat.com/'),
    place('Vagaro', 'https://www.vagaro.com/'),
    place('Wyzant', 'https://www.wyzant.com/'),
    place('Care.com', 'https://www.care.com/'),
    place('Varsity Tutors', 'https://www.varsitytutors.com/'),
    place('Thomasnet', 'https://www.thomasnet.com/'),
    place('MFG.com', 'https://www.mfg.com/'),
    place('UpCity', 'https://upcity.com/'),
    place('Rover', 'https://www.rover.com/'),
    place('AAHA hospital locator', 'https://www.aaha.org/', 'aaha.org'),
    place('Zillow agent profile', 'https://www.zillow.com/agent-resources/', 'zillow.com'),
    place('Realtor.com', 'https://www.realtor.com/'),
    place('Homes.com', 'https://www.homes.com/'),
    place('Nextdoor business page', 'https://business.nextdoor.com/', 'nextdoor.com'),
    // Canada
    place('Yellow Pages Canada', 'https://www.yellowpages.ca/'),
    place('Canada411', 'https://www.canada411.ca/'),
    place('HomeStars', 'https://homestars.com/'),
    place('TrustedPros', 'https://trustedpros.ca/'),
    place('RateMDs', 'https://www.ratemds.com/'),
    place('CAA Approved Auto Repair', 'https://www.caa.ca/', 'caa.ca'),
    place('REALTOR.ca', 'https://www.realtor.ca/'),
    // United Kingdom
    place('Yell', 'https://business.yell.com/', 'yell.com'),
    place('Thomson Local', 'https://www.thomsonlocal.com/'),
    place('Scoot', 'https://www.scoot.co.uk/'),
    place('FreeIndex', 'https://www.freeindex.co.uk/'),
    place('Checkatrade', 'https://www.checkatrade.com/'),
    place('TrustATrader', 'https://www.trustatrader.com/'),
    place('Rated People', 'https://www.ratedpeople.com/'),
    place('MyBuilder', 'https://www.mybuilder.com/'),
    place('NHS website (Find a service)', 'https://www.nhs.uk/service-search', 'nhs.uk'),
    place('Doctify', 'https://www.doctify.com/'),
    place(
      'Law Society Find a Solicitor',
      'https://solicitors.lawsociety.org.uk/',
      'lawsociety.org.uk',
    ),
    place('ReviewSolicitors', 'https://www.reviewsolicitors.co.uk/'),
    place('WhoCanFixMyCar', 'https://www.whocanfixmycar.com/'),
    place('Good Garage Scheme', 'https://www.goodgaragescheme.com/'),
    place('Rightmove', 'https://www.rightmove.co.uk/'),
    place('Zoopla', 'https://www.zoopla.co.uk/'),
    place('ICAEW Find a Chartered Accountant', 'https://find.icaew.com/', 'icaew.com'),
    place('RCVS Find a Vet', 'https://findavet.rcvs.org.uk/', 'rcvs.org.uk'),
    place('Tutorful', 'https://tutorful.co.uk/'),
    // Australia
    place('Yellow Pages Australia', 'https://www.yellowpages.com.au/'),
    place('True Local', 'https://www.truelocal.com.au/'),
    place('Hotfrog', 'https://www.hotfrog.com.au/'),
    place('hipages', 'https://hipages.com.au/'),
    place('Oneflare', 'https://www.oneflare.com.au/'),
    place('ServiceSeeking', 'https://www.serviceseeking.com.au/'),
    place('Healthdirect', 'https://www.healthdirect.gov.au/australian-health-services'),
    place('HealthEngine', 'https://healthengine.com.au/'),
    place('HotDoc', 'https://www.hotdoc.com.au/'),
    place('realestate.com.au', 'https://www.realestate.com.au/'),
    place('Domain', 'https://www.domain.com.au/'),
    // Germany
    place('Gelbe Seiten', 'https://www.gelbeseiten.de/'),
    place('Das Örtliche', 'https://www.dasoertliche.de/'),
    place('11880', 'https://www.11880.com/'),
    place('Das Telefonbuch', 'https://www.dastelefonbuch.de/'),
    place('jameda', 'https://www.jameda.de/'),
    place('Doctolib', 'https://www.doctolib.de/', 'doctolib'),
    place('MyHammer', 'https://www.my-hammer.de/'),
    place('anwalt.de', 'https://www.anwalt.de/'),
    place('ImmobilienScout24', 'https://www.immobilienscout24.de/'),
    place('Immowelt', 'https://www.immowelt.de/'),
    // France
    place('PagesJaunes', 'https://www.pagesjaunes.fr/'),
    place('118 712', 'https://www.118712.fr/'),
    place('Doctolib France', 'https://www.doctolib.fr/', 'doctolib'),
    place('Annuaire santé (Ameli)', 'https://annuairesante.ameli.fr/', 'ameli.fr'),
    place('Travaux.com', 'https://www.travaux.com/'),
    place('Habitatpresto', 'https://www.habitatpresto.com/'),
    place('Planity', 'https://www.planity.com/'),
    place('SeLoger', 'https://www.seloger.com/'),
  ].map((p) => [p.name, p]),
)

type ByCategory = Partial<Record<BusinessCategory, readonly string[]>>

interface CountryPlaces {
  /** General directories every local business of the country is listed in: Local Listings' citations. */
  citations: readonly string[]
  /** Citations only a category has: a health service directory, a trades review site. */
  categoryCitations: ByCategory
  /** A category's directories and review sites worth a profile and a link, for advice. */
  directories: ByCategory
}

const health = (names: readonly string[]): ByCategory => ({
  Dental: names,
  'Healthcare & Medical': names,
})
const trades = (names: readonly string[]): ByCategory => ({
  'Home Services': names,
  'Construction & Home Improvement': names,
})
const hospitality = (names: readonly string[]): ByCategory => ({
  'Food & Restaurant': names,
  'Travel & Hospitality': names,
})

const COUNTRY_PLACES: Readonly<Record<string, CountryPlaces>> = {
  US: {
    citations: ['Yellow Pages', 'Foursquare', 'BBB', 'Nextdoor', 'Angi'],
    categoryCitations: {
      ...health(['Healthgrades']),
      ...hospitality(['TripAdvisor']),
      'Legal Services': ['Avvo'],
    },
    directories: {
      'Accounting & Tax Services': ['AICPA and state CPA society directories', 'Expertise.com'],
      Automotive: ['RepairPal', 'AAA Approved Auto Repair', 'CarFax service shop listing'],
      'Beauty & Personal Care': ['StyleSeat', 'Booksy', 'Vagaro'],
      'Construction & Home Improvement': ['Houzz', 'Angi', 'Better Business Bureau'],
      Dental: ['Healthgrades', 'Zocdoc', 'ADA Find-a-Dentist'],
      'Education & Tutoring': ['Wyzant', 'Care.com', 'Varsity Tutors'],
      'Fitness & Wellness': ['ClassPass', 'Mindbody'],
      'Food & Restaurant': ['TripAdvisor', 'OpenTable', 'Yelp'],
      'Healthcare & Medical': ['Healthgrades', 'Zocdoc', 'WebMD Care'],
      'Home Services': ['Angi', 'HomeAdvisor', 'Thumbtack', 'Better Business Bureau'],
      'Legal Services': ['Avvo', 'Justia', 'FindLaw', 'Martindale-Hubbell'],
      Manufacturing: ['Thomasnet', 'MFG.com'],
      'Marketing & Advertising': ['Clutch', 'UpCity', 'DesignRush'],
      'Pet Services': ['Rover', 'AAHA hospital locator', 'Yelp'],
      'Real Estate': ['Zillow agent profile', 'Realtor.com', 'Homes.com'],
      Retail: ['Yelp', 'Nextdoor business page'],
      Technology: ['Clutch', 'Better Business Bureau'],
      'Travel & Hospitality': ['TripAdvisor', 'Booking.com', 'Expedia'],
      Other: ['Better Business Bureau', 'Yelp'],
    },
  },
  CA: {
    citations: ['Yellow Pages Canada', 'Canada411', 'Foursquare', 'Nextdoor'],
    categoryCitations: {
      ...health(['RateMDs']),
      ...trades(['HomeStars']),
      ...hospitality(['TripAdvisor']),
    },
    directories: {
      ...health(['RateMDs']),
      'Home Services': ['HomeStars', 'TrustedPros'],
      'Construction & Home Improvement': ['HomeStars', 'TrustedPros', 'Houzz'],
      Automotive: ['CAA Approved Auto Repair'],
      'Real Estate': ['REALTOR.ca'],
      'Food & Restaurant': ['TripAdvisor', 'OpenTable'],
    },
  },
  GB: {
    citations: ['Yell', 'Thomson Local', 'Scoot', 'FreeIndex', 'Foursquare'],
    categoryCitations: {
      ...health(['NHS website (Find a service)']),
      ...trades(['Checkatrade']),
      ...hospitality(['TripAdvisor']),
      'Legal Services': ['Law Society Find a Solicitor'],
    },
    directories: {
      ...health(['NHS website (Find a service)', 'Doctify']),
      'Home Services': ['Checkatrade', 'TrustATrader', 'Rated People', 'MyBuilder'],
      'Construction & Home Improvement': ['Checkatrade', 'MyBuilder', 'Houzz'],
      'Legal Services': ['Law Society Find a Solicitor', 'ReviewSolicitors'],
      Automotive: ['WhoCanFixMyCar', 'Good Garage Scheme'],
      'Real Estate': ['Rightmove', 'Zoopla'],
      'Accounting & Tax Services': ['ICAEW Find a Chartered Accountant'],
      'Pet Services': ['RCVS Find a Vet'],
      'Education & Tutoring': ['Tutorful'],
      'Beauty & Personal Care': ['Treatwell', 'Fresha', 'Booksy'],
      'Food & Restaurant': ['TripAdvisor', 'OpenTable'],
    },
  },
  AU: {
    citations: ['Yellow Pages Australia', 'True Local', 'Hotfrog', 'Foursquare'],
    categoryCitations: {
      ...health(['Healthdirect']),
      ...trades(['hipages']),
      ...hospitality(['TripAdvisor']),
    },
    directories: {
      ...health(['Healthdirect', 'HotDoc', 'HealthEngine']),
      'Home Services': ['hipages', 'Oneflare', 'ServiceSeeking'],
      'Construction & Home Improvement': ['hipages', 'Oneflare', 'Houzz'],
      'Real Estate': ['realestate.com.au', 'Domain'],
      'Food & Restaurant': ['TripAdvisor', 'OpenTable'],
    },
  },
  DE: {
    citations: ['Gelbe Seiten', 'Das Örtliche', '11880', 'Das Telefonbuch'],
    categoryCitations: {
      ...health(['jameda']),
      ...trades(['MyHammer']),
      ...hospitality(['TripAdvisor']),
      'Legal Services': ['anwalt.de'],
    },
    directories: {
      ...health(['jameda', 'Doctolib']),
      'Home Services': ['MyHammer'],
      'Construction & Home Improvement': ['MyHammer', 'Houzz'],
      'Legal Services': ['anwalt.de'],
      'Real Estate': ['ImmobilienScout24', 'Immowelt'],
      'Beauty & Personal Care': ['Treatwell'],
      'Food & Restaurant': ['TripAdvisor', 'TheFork'],
    },
  },
  FR: {
    citations: ['PagesJaunes', '118 712', 'Foursquare'],
    categoryCitations: {
      ...health(['Doctolib France']),
      ...trades(['Travaux.com']),
      ...hospitality(['TripAdvisor']),
    },
    directories: {
      ...health(['Doctolib France', 'Annuaire santé (Ameli)']),
      'Home Services': ['Travaux.com', 'Habitatpresto'],
      'Construction & Home Improvement': ['Travaux.com', 'Habitatpresto', 'Houzz'],
      'Real Estate': ['SeLoger'],
      'Beauty & Personal Care': ['Planity', 'Treatwell'],
      'Food & Restaurant': ['TripAdvisor', 'TheFork'],
    },
  },
}

/** A country the product has no lists for: only sites that work everywhere. */
const ELSEWHERE: CountryPlaces = {
  citations: ['Foursquare'],
  categoryCitations: hospitality(['TripAdvisor']),
  directories: {},
}

/** Sites of a category that work in every country, when its own country names none. */
const WORLDWIDE: ByCategory = {
  'Beauty & Personal Care': ['Fresha', 'Booksy'],
  'Construction & Home Improvement': ['Houzz'],
  'Fitness & Wellness': ['ClassPass', 'Mindbody'],
  'Food & Restaurant': ['TripAdvisor'],
  'Marketing & Advertising': ['Clutch', 'DesignRush'],
  Technology: ['Clutch'],
  'Travel & Hospitality': ['TripAdvisor', 'Booking.com', 'Expedia'],
}

const countryPlaces = (country: string) => ownValue(COUNTRY_PLACES, country) ?? ELSEWHERE

/** Local Listings' citations for a business of this category in this country. */
export function citationSources(category: string, country: string): string[] {
  const places = countryPlaces(country)
  const extra = ownValue<readonly string[]>(places.categoryCitations, category) ?? []
  return [...new Set([...places.citations, ...extra])]
}

/**
 * The category's directories and review sites in this country, for advice and link sources: the
 * country's own, else those that work everywhere, else the country's general directories.
 */
export function categoryDirectories(category: string, country: string): LocalPlace[] {
  const places = countryPlaces(country)
  const names =
    ownValue<readonly string[]>(places.directories, category) ??
    ownValue<readonly string[]>(WORLDWIDE, category) ??
    places.citations.slice(0, 2)
  return names.map((name) => PLACES[name]!)
}

/** Where an owner manages a listing on this platform, or '' for one we do not know. */
export function platformUrl(platform: string): string {
  return ownValue(PLACES, platform)?.url ?? ''
}
