import { useState } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { FormMessage } from '@/components/form-message'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { useChooseSearchConsoleSite, useSearchConsoleSites } from '../api/search-console-sites'

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
  const [picked, setPicked] = useState<string | null>(null)
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
  const value = picked ?? selected ?? list[0]?.siteUrl ?? ''
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault()
        choose.mutate(value)
      }}
    >
      <Label htmlFor="search-console-property">Search Console property</Label>
      <Select
        id="search-console-property"
        value={value}
        onChange={(event) => setPicked(event.target.value)}
      >
        {list.map((site) => (
          <option key={site.siteUrl} value={site.siteUrl}>
            {siteLabel(site.siteUrl, site.matchesWebsite)}
          </option>
        ))}
      </Select>
      {choose.isSuccess && value === selected ? (
        <FormMessage tone="success">Search Console property saved</FormMessage>
      ) : null}
      <ErrorAlert>{choose.error?.message}</ErrorAlert>
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={choose.isPending || value === selected}
      >
        {choose.isPending
          ? 'Saving...'
          : value === selected
            ? 'Property saved'
            : 'Use this property'}
      </Button>
    </form>
  )
}
