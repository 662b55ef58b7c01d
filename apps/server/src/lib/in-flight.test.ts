import { describe, expect, test } from 'vitest'
import { trackInFlight } from './in-flight.js'

describe('requests in flight', () => {
  test('drained() waits for a handler still running, then resolves; at once when none runs', async () => {
    let finish: (() => void) | undefined
    const tracked = trackInFlight(
      () =>
        new Promise<Response>((resolve) => {
          finish = () => resolve(new Response('ok'))
        }),
    )
    await tracked.drained()
    const request = tracked.fetch()
    let drained = false
    const waiting = tracked.drained().then(() => (drained = true))
    // Every callback already due has run (setImmediate comes after them): only the handler's end
    // can resolve drained(), and it has not ended.
    await new Promise((resolve) => setImmediate(resolve))
    expect(drained).toBe(false)
    finish?.()
    await request
    await waiting
    expect(drained).toBe(true)
  })

  test('a handler that throws still counts as finished', async () => {
    const tracked = trackInFlight(() => Promise.reject(new Error('boom')))
    await expect(tracked.fetch()).rejects.toThrow('boom')
    await tracked.drained()
  })
})
