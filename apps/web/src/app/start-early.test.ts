import { describe, expect, test, vi } from 'vitest'
import { menuEntries, paths } from '@/config/paths'
import { SESSION_STORAGE_KEY } from '@/lib/user-storage'
import { layoutCode, screenCode, screenCodeAt } from './screen-code'
import { startCodeEarly } from './start-early'

const storageWith = (entries: Record<string, string>) => ({
  getItem: (key: string) => entries[key] ?? null,
})

function fakeCode() {
  const asked: string[] = []
  return {
    asked,
    code: {
      layout: () => {
        asked.push('layout')
        return Promise.resolve()
      },
      screenAt: (pathname: string) =>
        screenCodeAt(pathname) &&
        (() => {
          asked.push(pathname)
          return Promise.resolve()
        }),
    },
  }
}

describe('startCodeEarly', () => {
  test('with a session stored, starts the layout and the opened screen', () => {
    const { asked, code } = fakeCode()
    expect(startCodeEarly(paths.keywords, storageWith({ [SESSION_STORAGE_KEY]: '{}' }), code)).toBe(
      true,
    )
    expect(asked).toEqual(['layout', paths.keywords])
  })

  test("a signed-in owner's '/' starts the dashboard, where they are sent", () => {
    const { asked, code } = fakeCode()
    startCodeEarly(paths.landing, storageWith({ [SESSION_STORAGE_KEY]: '{}' }), code)
    expect(asked).toEqual(['layout', paths.dashboard])
  })

  test('a path that is no screen starts the layout alone', () => {
    const { asked, code } = fakeCode()
    startCodeEarly('/no-such-screen', storageWith({ [SESSION_STORAGE_KEY]: '{}' }), code)
    expect(asked).toEqual(['layout'])
  })

  test('without a session, or with storage that refuses, starts nothing', () => {
    const { asked, code } = fakeCode()
    expect(startCodeEarly(paths.dashboard, storageWith({}), code)).toBe(false)
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
    }
    expect(startCodeEarly(paths.dashboard, refusing, code)).toBe(false)
    expect(asked).toEqual([])
  })

  test('a download that fails is left to the route, which loads it again when it renders', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      startCodeEarly(paths.dashboard, storageWith({ [SESSION_STORAGE_KEY]: '{}' }), {
        layout: () => Promise.reject(new Error('offline')),
        screenAt: () => () => Promise.reject(new Error('offline')),
      })
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})

describe('screenCode', () => {
  test('names the code of every signed-in screen of the menu, and of the layout', async () => {
    for (const { path } of menuEntries) expect(screenCodeAt(path)).toBeDefined()
    expect(Object.keys(screenCode)).toContain(paths.settings)
    expect(screenCodeAt('/toString')).toBeUndefined()
    expect(Object.keys(await layoutCode())).toContain('ProtectedLayout')
  })
})
