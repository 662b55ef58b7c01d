import { emptyBusiness } from '@localseo/shared/business'
import type { ReportSettings } from '@localseo/shared/reports'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness, twoLocations } from '@/test/business-fixtures'
import { captureDownloads } from '@/test/downloads'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

const business = { ...savedBusiness, locations: twoLocations }

/** A stand-in for the server: months per place, the saved settings, and the PDF. */
function signIn(months: Record<string, string[]> = { main: ['2026-03', '2026-02'] }) {
  storeSession()
  let saved: ReportSettings = { title: '', color: '#1d4ed8', recipients: [], logo: null }
  const network = stubNetwork({
    ...ownerHandlers({ business }),
    'GET /api/reports/months': (request) =>
      json({ months: months[new URL(request.url).searchParams.get('location') ?? 'main'] ?? [] }),
    'GET /api/reports/settings': () => json(saved),
    'PUT /api/reports/settings': async (request) => {
      const body = (await request.json()) as ReportSettings
      if (body.recipients.some((r) => !r.includes('@'))) {
        return json(
          {
            error: {
              code: 'validation_failed',
              message: 'Some fields are missing or invalid.',
              issues: [{ path: 'recipients.0', message: 'Enter an email address.' }],
            },
          },
          422,
        )
      }
      saved = { ...body, logo: body.logo ?? null }
      return json(saved)
    },
    'GET /api/reports/pdf': (request) => {
      const url = new URL(request.url)
      return new Response(
        `%PDF- ${url.searchParams.get('month')} ${url.searchParams.get('location')}`,
        {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="local-seo-report-${url.searchParams.get('month')}.pdf"`,
          },
        },
      )
    },
  })
  renderApp(paths.reports)
  return { network, saved: () => saved }
}

beforeAll(async () => {
  await loadScreens(paths.reports)
})

describe('Reports', () => {
  test('is in the menu, and asks for the business first', async () => {
    storeSession()
    stubNetwork(ownerHandlers({ business: emptyBusiness }))
    renderApp(paths.reports)
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeVisible()
    expect(screen.getAllByRole('link', { name: 'Reports' }).length).toBeGreaterThan(0)
    expect(
      await screen.findByText(
        'Please add your business information in Settings first to use this feature.',
      ),
    ).toBeVisible()
  })

  test('downloads the PDF of the picked month and place', async () => {
    const downloads = captureDownloads()
    signIn({ main: ['2026-03', '2026-02'], [twoLocations[0]!.id]: ['2026-01'] })
    const month = await screen.findByRole('combobox', { name: 'Month' })
    expect(await screen.findByRole('option', { name: 'March 2026' })).toBeInTheDocument()
    await userEvent.selectOptions(month, 'February 2026')
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }))
    await expect.poll(() => downloads.names).toEqual(['local-seo-report-2026-02.pdf'])
    expect(await downloads.text()).toBe('%PDF- 2026-02 main')

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Location' }),
      twoLocations[0]!.name,
    )
    expect(await screen.findByRole('option', { name: 'January 2026' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }))
    await expect.poll(() => downloads.names.length).toBe(2)
    expect(await downloads.text(1)).toBe(`%PDF- 2026-01 ${twoLocations[0]!.id}`)
  })

  test('a place without data says so and offers no download', async () => {
    signIn({ main: [] })
    expect(await screen.findByText(/There is nothing to report for/)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeDisabled()
  })

  test('saves the title, colour and recipients; a bad address is shown under its field', async () => {
    const { saved } = signIn()
    const title = await screen.findByRole('textbox', { name: 'Report title' })
    await userEvent.type(title, 'Acme for Bright Smile')
    const recipients = screen.getByRole('textbox', { name: 'Email the monthly report to' })
    await userEvent.type(recipients, 'not-an-address')
    await userEvent.click(screen.getByRole('button', { name: 'Save report settings' }))
    expect(await screen.findByText('Enter an email address.')).toBeVisible()
    expect(recipients).toHaveAttribute('aria-invalid', 'true')

    await userEvent.clear(recipients)
    await userEvent.type(recipients, 'boss@example.com{enter}team@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Save report settings' }))
    expect(await screen.findByText('Report settings saved.')).toBeVisible()
    expect(saved()).toMatchObject({
      title: 'Acme for Bright Smile',
      recipients: ['boss@example.com', 'team@example.com'],
    })
  })
})
