import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useDialogFocus } from '../src/components/a11y/dialog-focus'

afterEach(cleanup)

function Dialog({ open, onEscape }: { open: boolean; onEscape?: () => void }) {
  useDialogFocus(open, '.test-dialog', { label: 'Test', onEscape })
  return open ? (
    <div className="test-dialog">
      <button type="button">inside</button>
    </div>
  ) : null
}

describe('dialog focus', () => {
  it('Escape does what the dialog says while it is open, and nothing once closed', () => {
    const onEscape = vi.fn()
    const { rerender } = render(<Dialog open onEscape={onEscape} />)
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(onEscape).toHaveBeenCalledTimes(1)
    fireEvent.keyDown(document.body, { key: 'Enter' })
    expect(onEscape).toHaveBeenCalledTimes(1)
    rerender(<Dialog open={false} onEscape={onEscape} />)
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(onEscape).toHaveBeenCalledTimes(1)
  })

  it('without onEscape, Escape is left to the page', () => {
    render(<Dialog open />)
    const event = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
    document.body.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(false)
  })
})
