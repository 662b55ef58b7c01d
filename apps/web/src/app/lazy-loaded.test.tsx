// A preloaded screen renders at once, without its fallback (app/lazy-loaded.tsx): React holds a
// fallback it has shown for 300 ms, which had delayed the dashboard's first paint.
import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, test } from 'vitest'
import { lazyLoaded } from './lazy-loaded'

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>

function renderIn(Component: (props: { name: string }) => React.ReactNode) {
  render(
    <Suspense fallback={<p>Loading…</p>}>
      <Component name="Ada" />
    </Suspense>,
  )
}

describe('lazyLoaded', () => {
  test('code that has arrived renders in the first pass, with no fallback', async () => {
    const { Component, load } = lazyLoaded(() => Promise.resolve(Greeting))
    await load()
    renderIn(Component)
    expect(screen.getByText('Hello Ada')).toBeInTheDocument()
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument()
  })

  test('code still on its way shows the fallback, then the component; it is fetched once', async () => {
    let imports = 0
    const { Component, load } = lazyLoaded(() => {
      imports += 1
      return Promise.resolve(Greeting)
    })
    renderIn(Component)
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument()
    await load()
    expect(imports).toBe(1)
  })

  test('a failed download is tried again next time', async () => {
    let attempts = 0
    const { load } = lazyLoaded(() => {
      attempts += 1
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Greeting)
    })
    await expect(load()).rejects.toThrow('offline')
    await expect(load()).resolves.toBe(Greeting)
  })
})
