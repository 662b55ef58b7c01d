import { ErrorAlert } from '@/components/error-alert'
import { useChooseSearchConsoleSite, useSearchConsoleSites } from '../api/search-console-sites'
import { GooglePropertyPicker } from './google-property-picker'

/** 'sc-domain:example.com' reads 'example.com (whole domain)'; a URL prefix reads as itself. */
function siteLabel(siteUrl: string, matchesWebsite: boolean): string {
  const name = siteUrl.startsWith('sc-domain:')
    ? `${siteUrl.slice('sc-domain:'.length)} (whole domain)`
    : siteUrl
  return matchesWebsite ? `${name}, your website` : name
}

/** Which Search Console property the imports read: listed from Google, the website's first. */
export function SearchConsoleProperty({ userId }: { userId: string }) {
  const sites = useSearchConsoleSites(userId)
  const choose = useChooseSearchConsoleSite(userId)
  if (sites.isPending) return <p className="text-xs text-muted-foreground">Loading properties…</p>
  if (sites.isError) return <ErrorAlert>{sites.error.message}</ErrorAlert>
  const { sites: list, selected } = sites.data
  if (list.length === 0) {
    return (
      <p className="text-xs text-muted-foreground">
        This Google account has no Search Console property: add your website in Search Console
        first.
      </p>
    )
  }
  return (
    <GooglePropertyPicker
      id="search-console-property"
      label="Search Console property"
      options={list.map((site) => ({
        value: site.siteUrl,
        label: siteLabel(site.siteUrl, site.matchesWebsite),
      }))}
      selected={selected}
      savedMessage="Search Console property saved"
      choose={choose}
    />
  )
}
