// Settings → Your data (issue 35 item 6): the whole archive in one download, and deleting the
// business only once its name is typed, after which the app is back at its first run.
import { emptyBusiness } from '@localseo/shared/business'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness } from '@/test/business-fixtures'
import { captureDownloads } from '@/test/downloads'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp, settingsScreenWait } from '@/test/render-app'

type Handlers = Parameters<typeof stubNetwork>[0]

/** The person's businesses: the saved one, with `role`. */
const membership = (role: string) => () =>
  json({ businesses: [{ businessId: savedBusiness.id, name: savedBusiness.name, role }] })

function openSettings(extra: Handlers = {}) {
  storeSession()
  const network = stubNetwork({
    ...ownerHandlers(),
    'GET /api/membership': membership('owner'),
    ...extra,
  })
  const view = renderApp(paths.settings)
  return { network, view }
}

const yourData = async () =>
  within(await screen.findByRole('region', { name: 'Your data' }, settingsScreenWait))

beforeAll(async () => {
  await loadScreens(paths.settings, paths.dashboard)
})

describe('Settings → Your data', () => {
  test('Download everything saves the archive the server built', async () => {
    const downloads = captureDownloads()
    openSettings({
      'GET /api/business/export': () =>
        new Response('PK-archive', { headers: { 'content-type': 'application/zip' } }),
    })
    const user = userEvent.setup()
    await user.click((await yourData()).getByRole('button', { name: 'Download everything' }))
    await waitFor(() => expect(downloads.names).toEqual(['localseo-export.zip']))
    expect(await downloads.text()).toBe('PK-archive')
  })

  test('a download the server refuses says so in the card', async () => {
    openSettings({
      'GET /api/business/export': () =>
        json({ error: { code: 'not_found', message: 'Add your business first.' } }, 404),
    })
    const user = userEvent.setup()
    const card = await yourData()
    await user.click(card.getByRole('button', { name: 'Download everything' }))
    expect(await card.findByRole('alert')).toHaveTextContent('Add your business first.')
  })

  test('delete waits for the exact name, then the app is back at its first run', async () => {
    const sent: unknown[] = []
    let deleted = false
    const { network, view } = openSettings({
      'DELETE /api/business': async (request) => {
        sent.push(await request.json())
        deleted = true
        return json({ deleted: true })
      },
      'GET /api/business': () => json({ business: deleted ? emptyBusiness : savedBusiness }),
    })
    const user = userEvent.setup()
    await user.click(
      await (await yourData()).findByRole('button', { name: 'Delete this business' }),
    )
    const dialog = within(await screen.findByRole('alertdialog'))
    expect(dialog.getByText(/cannot be undone/)).toBeVisible()
    expect(dialog.getByText(/Download everything first/)).toBeVisible()
    const confirm = dialog.getByRole('button', { name: 'Delete this business' })
    const field = dialog.getByRole('textbox', { name: `Type ${savedBusiness.name} to confirm` })
    expect(confirm).toBeDisabled()
    await user.type(field, savedBusiness.name.toLowerCase())
    expect(confirm).toBeDisabled()
    await user.clear(field)
    await user.type(field, savedBusiness.name)
    expect(confirm).toBeEnabled()
    await user.click(confirm)
    await waitFor(() => expect(view.pathname()).toBe(paths.dashboard))
    expect(sent).toEqual([{ confirm: savedBusiness.name }])
    expect(network.calls.filter((call) => call === 'DELETE /api/business')).toHaveLength(1)
    // The first run: no business, so the dashboard welcomes them and points to Settings.
    expect(await screen.findByRole('heading', { name: 'Welcome to LocalSEO AI' })).toBeVisible()
  }, 20_000)

  test('a manager may download but is told that only an owner can delete', async () => {
    openSettings({ 'GET /api/membership': membership('manager') })
    const card = await yourData()
    expect(card.getByRole('button', { name: 'Download everything' })).toBeEnabled()
    expect(await card.findByText('Only an owner can delete the business.')).toBeVisible()
    expect(card.queryByRole('button', { name: 'Delete this business' })).toBeNull()
  })

  test('a refusal (not the owner) stays in the dialog, and nothing moves', async () => {
    const { view } = openSettings({
      'DELETE /api/business': () =>
        json(
          { error: { code: 'forbidden', message: 'Only an owner can delete the business.' } },
          403,
        ),
    })
    const user = userEvent.setup()
    await user.click(
      await (await yourData()).findByRole('button', { name: 'Delete this business' }),
    )
    const dialog = within(await screen.findByRole('alertdialog'))
    await user.type(dialog.getByRole('textbox'), savedBusiness.name)
    await user.click(dialog.getByRole('button', { name: 'Delete this business' }))
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Only an owner can delete the business.',
    )
    expect(view.pathname()).toBe(paths.settings)
  })
})
