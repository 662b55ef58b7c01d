import { act, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { WhenNear } from './when-near'

/** A stand-in for the browser's IntersectionObserver: the test says when the place comes near. */
class FakeObserver {
  static last: FakeObserver | undefined
  observed: Element[] = []
  disconnected = false
  constructor(readonly report: (entries: { isIntersecting: boolean }[]) => void) {
    FakeObserver.last = this
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  FakeObserver.last = undefined
})

test('the card renders only once its place comes near the viewport, then stops watching', () => {
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  const { container } = render(
    <WhenNear minHeight="12rem">
      <p>The card</p>
    </WhenNear>,
  )
  expect(screen.queryByText('The card')).toBeNull()
  const observer = FakeObserver.last!
  expect(observer.observed).toEqual([container.firstChild])
  act(() => observer.report([{ isIntersecting: false }]))
  expect(screen.queryByText('The card')).toBeNull()
  act(() => observer.report([{ isIntersecting: true }]))
  expect(screen.getByText('The card')).toBeTruthy()
  expect(observer.disconnected).toBe(true)
})

test('without IntersectionObserver the card renders at once', () => {
  vi.stubGlobal('IntersectionObserver', undefined)
  render(
    <WhenNear minHeight="12rem">
      <p>The card</p>
    </WhenNear>,
  )
  expect(screen.getByText('The card')).toBeTruthy()
})
