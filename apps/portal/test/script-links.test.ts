import { afterEach, describe, expect, it } from 'vitest'
import { preventScriptLinks } from '../src/platform/h5/web-globals'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('javascript: links (Taro’s tab bar) under a CSP without inline script', () => {
  it('their default action is prevented, their handlers still run; other links are left alone', () => {
    preventScriptLinks(window)
    document.body.innerHTML = '<a id="tab" href="javascript:;"><span id="label">Home</span></a><a id="page" href="#/pages/home/index">x</a>'
    let handled = 0
    document.getElementById('tab')!.addEventListener('click', () => handled++)
    const onLabel = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true })
    document.getElementById('label')!.dispatchEvent(onLabel)
    expect(onLabel.defaultPrevented).toBe(true)
    expect(handled).toBe(1)
    const onPage = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true })
    document.getElementById('page')!.dispatchEvent(onPage)
    expect(onPage.defaultPrevented).toBe(false)
  })
})
