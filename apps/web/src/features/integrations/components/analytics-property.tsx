import { ErrorAlert } from '@/components/error-alert'
import { useAnalyticsProperties, useChooseAnalyticsProperty } from '../api/analytics-properties'
import { GooglePropertyPicker } from './google-property-picker'

/** Which GA4 property the imports read: listed from Google, those named like the business first. */
export function AnalyticsProperty({ userId }: { userId: string }) {
  const properties = useAnalyticsProperties(userId)
  const choose = useChooseAnalyticsProperty(userId)
  if (properties.isPending) {
    return <p className="text-xs text-muted-foreground">Loading properties…</p>
  }
  if (properties.isError) return <ErrorAlert>{properties.error.message}</ErrorAlert>
  const { properties: list, selected } = properties.data
  if (list.length === 0) {
    return (
      <p className="text-xs text-muted-foreground">
        This Google account has no Google Analytics 4 property: create one for your website in
        Google Analytics first.
      </p>
    )
  }
  return (
    <GooglePropertyPicker
      id="analytics-property"
      label="Google Analytics property"
      options={list.map((entry) => ({
        value: entry.property,
        label: `${entry.displayName} (${entry.accountName})${entry.matchesWebsite ? ', your website' : ''}`,
      }))}
      selected={selected}
      savedMessage="Property saved: the first import from Google Analytics has started."
      choose={choose}
    />
  )
}
