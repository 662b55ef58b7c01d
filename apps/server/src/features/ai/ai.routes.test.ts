// GET /api/ai/status (issue 5 "Status") and the rule that the key never leaves the server.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { jsonAnswer, startOpenAiStub, type OpenAiStub } from '../../ai/testing/openai-stub.js'
import { austinDentist } from '../../ai/testing/businesses.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { authHeader, signUp } from '../../testing/auth.js'

const KEY = 'test-key-status-route-0123456789abcdef'
let stub: OpenAiStub
let builtIn: TestApp
let model: TestApp

beforeAll(async () => {
  stub = await startOpenAiStub()
  builtIn = await createTestApp()
  model = await createTestApp({
    env: {
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: stub.baseURL,
      AI_MODEL: 'test-model',
      AI_DAILY_QUOTA: '7',
    },
  })
})

afterAll(async () => {
  await stub.close()
  await Promise.all([builtIn.close(), model.close()])
})

async function status(t: TestApp, token?: string) {
  const res = await t.app.request('/api/ai/status', { headers: token ? authHeader(token) : {} })
  return { status: res.status, text: await res.text() }
}

describe('GET /api/ai/status', () => {
  test('needs a signed-in user', async () => {
    expect((await status(builtIn)).status).toBe(401)
  })

  test('without a key it reports the built-in engine and the spec message', async () => {
    const { accessToken } = await signUp(builtIn.app)
    const res = await status(builtIn, accessToken)
    expect(res.status).toBe(200)
    expect(JSON.parse(res.text)).toEqual({
      connected: true,
      engine: 'built-in',
      message: 'Connected and working properly',
      quota: { limit: 100, usedToday: 0, counts: 'model-calls' },
    })
  })

  test("with a key it names the model and today's usage, never the key or the endpoint", async () => {
    const { accessToken, userId } = await signUp(model.app)
    stub.script([jsonAnswer({ ideas: ['One', 'Two', 'Three'] })])
    await model.deps.ai.generateContentIdeas({ userId, business: austinDentist })
    const res = await status(model, accessToken)
    expect(JSON.parse(res.text)).toEqual({
      connected: true,
      engine: 'model',
      model: 'test-model',
      message: 'Connected and working properly',
      quota: { limit: 7, usedToday: 1, counts: 'model-calls' },
    })
    expect(res.text).not.toContain(KEY)
    expect(res.text).not.toContain('127.0.0.1')
  })

  test('no response from the app carries the key, errors included', async () => {
    const { accessToken } = await signUp(model.app)
    const paths = ['/api/ai/status', '/api/ai/nope', '/healthz', '/api/business']
    for (const p of paths) {
      const res = await model.app.request(p, { headers: authHeader(accessToken) })
      const headers = JSON.stringify([...res.headers])
      expect(`${headers}${await res.text()}`).not.toContain(KEY)
    }
  })
})

describe('the web bundle', () => {
  const assets = fileURLToPath(new URL('../../../../web/dist/assets', import.meta.url))

  test.skipIf(!existsSync(assets))('contains no API key and no reference to OPENAI_API_KEY', () => {
    const files = readdirSync(assets).filter((name) => name.endsWith('.js'))
    for (const name of files) {
      const text = readFileSync(path.join(assets, name), 'utf8')
      expect(text, name).not.toMatch(/\bsk-[A-Za-z0-9_-]{20,}/)
      expect(text, name).not.toContain('OPENAI_API_KEY')
    }
  })
})
