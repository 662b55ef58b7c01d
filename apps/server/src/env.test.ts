import { describe, expect, test } from 'vitest'
import { parseEnv } from './env.js'

describe('parseEnv', () => {
  test('defaults give a working local setup on PGlite with auto-confirmed sign-ups', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SITE_URL: 'http://localhost:3000',
      ACCESS_TOKEN_TTL: 3600,
      AUTH_AUTOCONFIRM: true,
      AI_MODEL: 'gpt-3.5-turbo',
    })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  test('a configured mail server turns e-mail confirmation on unless told otherwise', () => {
    expect(parseEnv({ SMTP_URL: 'smtp://mail:25' }).AUTH_AUTOCONFIRM).toBe(false)
    expect(
      parseEnv({ SMTP_URL: 'smtp://mail:25', AUTH_AUTOCONFIRM: 'true' }).AUTH_AUTOCONFIRM,
    ).toBe(true)
  })

  test("the Business Profile's four APIs default to Google's addresses and can point elsewhere (ADR 034)", () => {
    expect(parseEnv({})).toMatchObject({
      GOOGLE_ACCOUNT_MANAGEMENT_URL: 'https://mybusinessaccountmanagement.googleapis.com/v1',
      GOOGLE_BUSINESS_INFORMATION_URL: 'https://mybusinessbusinessinformation.googleapis.com/v1',
      GOOGLE_MY_BUSINESS_URL: 'https://mybusiness.googleapis.com/v4',
      GOOGLE_BUSINESS_PERFORMANCE_URL: 'https://businessprofileperformance.googleapis.com/v1',
    })
    const proxied = parseEnv({ GOOGLE_MY_BUSINESS_URL: 'http://127.0.0.1:8080/v4' })
    expect(proxied.GOOGLE_MY_BUSINESS_URL).toBe('http://127.0.0.1:8080/v4')
    expect(() => parseEnv({ GOOGLE_BUSINESS_PERFORMANCE_URL: 'not a url' })).toThrow(
      /GOOGLE_BUSINESS_PERFORMANCE_URL/,
    )
  })

  test('DATABASE_DIRECT_URL is a postgres URL beside DATABASE_URL; prepared statements are on unless turned off (ADR 046)', () => {
    const url = 'postgres://app@pgbouncer:6432/localseo'
    const direct = 'postgresql://app@db:5432/localseo'
    const plain = parseEnv({ DATABASE_URL: url })
    expect(plain.DATABASE_DIRECT_URL).toBeUndefined()
    expect(plain.DATABASE_PREPARED_STATEMENTS).toBe('on')
    expect(
      parseEnv({
        DATABASE_URL: url,
        DATABASE_DIRECT_URL: direct,
        DATABASE_PREPARED_STATEMENTS: 'off',
      }),
    ).toMatchObject({ DATABASE_DIRECT_URL: direct, DATABASE_PREPARED_STATEMENTS: 'off' })
    expect(() => parseEnv({ DATABASE_DIRECT_URL: direct })).toThrow(
      /DATABASE_DIRECT_URL: is for PostgreSQL behind a pooler: set DATABASE_URL too/,
    )
    expect(() => parseEnv({ DATABASE_URL: url, DATABASE_DIRECT_URL: 'https://db:5432' })).toThrow(
      /DATABASE_DIRECT_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    )
    expect(() => parseEnv({ DATABASE_URL: url, DATABASE_PREPARED_STATEMENTS: 'no' })).toThrow(
      /DATABASE_PREPARED_STATEMENTS/,
    )
  })

  test('empty values count as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', OPENAI_API_KEY: ' ' })).toMatchObject({
      OPENAI_API_KEY: undefined,
    })
  })

  test('simulated rank checks fail 2% of the time, never under NODE_ENV=test unless asked', () => {
    expect(parseEnv({}).SIMULATED_FAILURE_RATE).toBe(0.02)
    expect(parseEnv({ NODE_ENV: 'production' }).SIMULATED_FAILURE_RATE).toBe(0.02)
    expect(parseEnv({ NODE_ENV: 'test' }).SIMULATED_FAILURE_RATE).toBe(0)
    expect(
      parseEnv({ NODE_ENV: 'test', SIMULATED_FAILURE_RATE: '0.5' }).SIMULATED_FAILURE_RATE,
    ).toBe(0.5)
    expect(parseEnv({ SIMULATED_FAILURE_RATE: '0' }).SIMULATED_FAILURE_RATE).toBe(0)
    expect(parseEnv({ SIMULATED_FAILURE_RATE: '1' }).SIMULATED_FAILURE_RATE).toBe(1)
    expect(parseEnv({ SIMULATED_FAILURE_RATE: ' ' }).SIMULATED_FAILURE_RATE).toBe(0.02)
  })

  test('a failure rate that is not a number from 0 to 1 stops the start with its name', () => {
    for (const value of ['2%', 'abc', '1.5', '-0.1', 'Infinity']) {
      expect(() => parseEnv({ SIMULATED_FAILURE_RATE: value })).toThrow(
        'SIMULATED_FAILURE_RATE: must be a number from 0 to 1',
      )
    }
  })

  test('a query price is a positive number of dollars, or unset', () => {
    expect(parseEnv({ SERP_QUERY_PRICE: '0.015' }).SERP_QUERY_PRICE).toBe(0.015)
    expect(parseEnv({ SERP_QUERY_PRICE: ' ' }).SERP_QUERY_PRICE).toBeUndefined()
    expect(parseEnv({}).SERP_QUERY_PRICE).toBeUndefined()
    for (const value of ['0', '-1', 'abc', '$0.01']) {
      expect(() => parseEnv({ SERP_QUERY_PRICE: value })).toThrow('SERP_QUERY_PRICE')
    }
  })

  test('every invalid variable is listed at once', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'not a url', JWT_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/,
    )
  })
})
