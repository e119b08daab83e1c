import { describe, expect, it } from 'vitest'
import { originOf, readyBanner } from './banner'
import { loadConfig } from './config'

describe('readyBanner', () => {
  it('tells a person where the portal, the outbox, the docs and the embedded database are', () => {
    const banner = readyBanner(loadConfig({ DATA_DIR: '/srv/ess-data' }), 8080)
    expect(banner).toContain('ESS portal is ready: http://localhost:8080/#/pages/home/index')
    expect(banner).toMatch(/dev outbox +http:\/\/localhost:8080\/dev\/outbox/)
    expect(banner).toMatch(/API docs +http:\/\/localhost:8080\/app\/docs/)
    expect(banner).toMatch(/console +http:\/\/localhost:8080\/console\//)
    expect(banner).toMatch(/database +embedded PostgreSQL \(PGlite\) in \/srv\/ess-data\/pglite/)
    expect(banner).toMatch(/key-value +in memory/)
    expect(banner).toMatch(/data folder +\/srv\/ess-data/)
  })

  it('names PostgreSQL and Redis by host, never with their credentials', () => {
    const banner = readyBanner(
      loadConfig({ DATA_DIR: '/srv/ess-data', DATABASE_URL: 'postgres://ess:s3cret@db.internal/ess', REDIS_URL: 'redis://:pw@cache:6380/2' }),
      9000,
    )
    expect(banner).toMatch(/database +PostgreSQL at db\.internal:5432\/ess/)
    expect(banner).toMatch(/key-value +Redis at cache:6380\/2/)
    expect(banner).not.toMatch(/s3cret|pw@|embedded/)
  })

  it('has no outbox line in production, where /dev is off', () => {
    expect(readyBanner(loadConfig({ NODE_ENV: 'production', NOTIFIER: 'outbox' }), 8080)).not.toContain('/dev/outbox')
  })

  it('gives the address a person opens', () => {
    expect(originOf('127.0.0.1', 8080)).toBe('http://localhost:8080')
    expect(originOf('0.0.0.0', 80)).toBe('http://localhost:80')
    expect(originOf('192.168.1.20', 8080)).toBe('http://192.168.1.20:8080')
    expect(originOf('fd00::1', 8080)).toBe('http://[fd00::1]:8080')
  })
})
