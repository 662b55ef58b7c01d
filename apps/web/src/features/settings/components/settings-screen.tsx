import type { Business } from '@localseo/shared/business'
import { PageHeader } from '@/components/page-header'
import { ApiSettings } from './api-settings'
import { BusinessForm } from './business-form'
import { LocationsManager } from './locations-manager'
import { ProfileCard } from './profile-card'

/** SPEC §2 Settings: profile, business information, locations and API settings. */
export function SettingsScreen({ business }: { business: Business }) {
  return (
    <section>
      <PageHeader title="Settings" />
      <div className="grid grid-cols-1 gap-6">
        <ProfileCard />
        <BusinessForm business={business} />
        <LocationsManager business={business} />
        <ApiSettings />
      </div>
    </section>
  )
}
