// A preloaded screen renders at once, without its fallback (app/lazy-loaded.tsx): React holds a
// fallback it has shown for 300 ms, which had delayed the dashboard's first paint.
import { render, screen, waitFor } from '@testing-library/react'
import { Component as ReactComponent, Suspense, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, onTestFinished, test, vi } from 'vitest'
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

  test('with a placeholder, code on its way shows the placeholder and never a Suspense fallback', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined
    const { Component } = lazyLoaded(
      () => new Promise<typeof Greeting>((resolve) => (arrive = resolve)),
      { placeholder: <p>Frame</p> },
    )
    renderIn(Component)
    expect(screen.getByText('Frame')).toBeInTheDocument()
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument()
    arrive(Greeting)
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument()
    expect(screen.queryByText('Frame')).not.toBeInTheDocument()
  })

  test('with a placeholder, code that arrives between the render and the effects still shows', async () => {
    // Outside act(), as in the browser: the effects of a render run in a later task, after the
    // promise callbacks queued during it. The placeholder's render lets the code arrive then.
    let arrive: (component: typeof Greeting) => void = () => undefined
    const { Component, load } = lazyLoaded(
      () => new Promise<typeof Greeting>((resolve) => (arrive = resolve)),
      { placeholder: <ArriveOnRender arrive={() => arrive(Greeting)} /> },
    )
    void load()
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT') as unknown
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false)
    const container = document.body.appendChild(document.createElement('div'))
    const root = createRoot(container)
    onTestFinished(() => {
      root.unmount()
      container.remove()
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment)
    })
    root.render(<Component name="Ada" />)
    await waitFor(() => expect(container).toHaveTextContent('Hello Ada'))
  })

  test('with a placeholder, code that cannot be fetched reaches the error boundary', async () => {
    const { Component } = lazyLoaded<{ name: string }>(() => Promise.reject(new Error('offline')), {
      placeholder: <p>Frame</p>,
    })
    // React reports the error it hands to the boundary; that report is expected here.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    onTestFinished(() => reported.mockRestore())
    render(
      <Caught>
        <Suspense fallback={<p>Loading…</p>}>
          <Component name="Ada" />
        </Suspense>
      </Caught>,
    )
    expect(await screen.findByText('Failed: offline')).toBeInTheDocument()
  })
})

function ArriveOnRender({ arrive }: { arrive: () => void }) {
  arrive()
  return <p>Frame</p>
}

class Caught extends ReactComponent<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children
  }
}
