import { cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setLocale } from '../src/core/locale'
import { EmbeddedPage } from '../src/packages/webview/frame.h5'
import { installTestPlatform } from './helpers'

beforeEach(() => installTestPlatform())
afterEach(() => {
  cleanup()
  setLocale('zh-CN')
})

const frame = () => document.querySelector<HTMLIFrameElement>('iframe[data-testid="webview"]')!

describe("the web's embedded page (packages/webview/frame.h5.tsx)", () => {
  it('is an iframe titled with the site whose page it shows, in the current language', () => {
    render(<EmbeddedPage url="https://partner.example.com/benefits?x=1" />)
    expect(frame().getAttribute('src')).toBe('https://partner.example.com/benefits?x=1')
    expect(frame().title).toBe('partner.example.com的网页')
    cleanup()
    setLocale('en-US')
    render(<EmbeddedPage url="https://partner.example.com/benefits" />)
    expect(frame().title).toBe('Web page of partner.example.com')
  })

  it("names the gateway's own pages (a path) as the app's", () => {
    render(<EmbeddedPage url="/app/agreements/user" />)
    expect(frame().title).toBe('员工服务的网页')
  })
})
