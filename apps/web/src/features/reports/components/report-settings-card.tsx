import type { Business } from '@localseo/shared/business'
import {
  DEFAULT_REPORT_TITLE,
  REPORT_LOGO_MAX_BYTES,
  REPORT_LOGO_TYPES,
  type ReportLogo,
  type ReportSettings,
} from '@localseo/shared/reports'
import { useState, type ChangeEvent, type FormEvent } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { FormMessage } from '@/components/form-message'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-error'
import { useReportSettings, useSaveReportSettings } from '../api/report-settings'

/** The white label and recipients; loaded first so the form starts from what is saved. */
export function ReportSettingsCard({ business }: { business: Business }) {
  const settings = useReportSettings(business.id)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your report's look and recipients</CardTitle>
        <CardDescription>
          Put your own logo, colour and title on the report. The people listed get last month's
          report by email on the 1st of each month.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Loading your report settings…
          </p>
        ) : settings.isError ? (
          <ErrorAlert>Could not load your report settings. Please try again.</ErrorAlert>
        ) : (
          <SettingsForm businessId={business.id} saved={settings.data} />
        )}
      </CardContent>
    </Card>
  )
}

const toBase64 = (bytes: Uint8Array) =>
  btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''))

const splitRecipients = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean)

function SettingsForm({ businessId, saved }: { businessId: string; saved: ReportSettings }) {
  const save = useSaveReportSettings(businessId)
  const [title, setTitle] = useState(saved.title)
  const [color, setColor] = useState(saved.color)
  const [recipients, setRecipients] = useState(saved.recipients.join('\n'))
  const [logo, setLogo] = useState<ReportLogo | null>(saved.logo)
  const problems = save.error instanceof ApiError ? save.error.issues : []
  const issue = (prefix: string) => problems.find((p) => p.path.startsWith(prefix))?.message

  function submit(event: FormEvent) {
    event.preventDefault()
    save.mutate({ title, color, recipients: splitRecipients(recipients), logo })
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Report title"
          error={issue('title')}
          hint={`Empty: "${DEFAULT_REPORT_TITLE}".`}
        >
          <Input
            value={title}
            maxLength={80}
            placeholder={DEFAULT_REPORT_TITLE}
            onChange={(e) => setTitle(e.target.value)}
          />
        </FormField>
        <FormField label="Colour" error={issue('color')} hint="The cover, headings and charts.">
          <Input
            type="color"
            value={color}
            className="h-10 w-24 p-1"
            onChange={(e) => setColor(e.target.value)}
          />
        </FormField>
      </div>
      <LogoField logo={logo} onChange={setLogo} serverError={issue('logo')} />
      <FormField
        label="Email the monthly report to"
        error={issue('recipients')}
        hint="One address per line, up to 10. Leave empty to send nothing."
      >
        <textarea
          rows={3}
          value={recipients}
          onChange={(e) => setRecipients(e.target.value)}
          className="w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none aria-invalid:border-destructive md:text-sm"
        />
      </FormField>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save report settings
        </Button>
        {save.isSuccess ? <FormMessage tone="success">Report settings saved.</FormMessage> : null}
      </div>
      {save.isError ? <FormMessage tone="error">{save.error.message}</FormMessage> : null}
    </form>
  )
}

/** The logo: checked for type and size before it is sent (the server checks its bytes again). */
function LogoField({
  logo,
  onChange,
  serverError,
}: {
  logo: ReportLogo | null
  onChange: (logo: ReportLogo | null) => void
  serverError?: string
}) {
  const [logoError, setLogoError] = useState('')
  async function pickLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    setLogoError('')
    if (!file) return
    if (!(REPORT_LOGO_TYPES as readonly string[]).includes(file.type)) {
      setLogoError('Choose a PNG or JPEG image.')
      return
    }
    if (file.size > REPORT_LOGO_MAX_BYTES) {
      setLogoError('Choose an image of 200 KB or smaller.')
      return
    }
    const bytes = new Uint8Array(await file.arrayBuffer())
    onChange({ type: file.type as ReportLogo['type'], data: toBase64(bytes) })
  }

  return (
    <>
      <FormField
        label="Logo"
        error={logoError || serverError}
        hint="A PNG or JPEG image, 200 KB at most."
      >
        <Input
          type="file"
          accept={REPORT_LOGO_TYPES.join(',')}
          onChange={(e) => void pickLogo(e)}
        />
      </FormField>
      {logo ? (
        <div className="flex items-center gap-4">
          <img
            src={`data:${logo.type};base64,${logo.data}`}
            alt="Your report logo"
            className="max-h-16 max-w-40 rounded border object-contain p-1"
          />
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
            Remove logo
          </Button>
        </div>
      ) : null}
    </>
  )
}
