import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Text, View } from '@tarojs/components'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Button } from '../src/components/a11y/button'
import { activates, pressable } from '../src/components/a11y/pressable'

afterEach(cleanup)

describe('views used as controls (pressable)', () => {
  it('are in the tab order with their role, and answer Enter and Space like a button', () => {
    const onPress = vi.fn()
    render(
      <View {...pressable(onPress)} aria-label="Close">
        <Text>×</Text>
      </View>,
    )
    const button = screen.getByRole('button', { name: 'Close' })
    expect(button.getAttribute('tabindex')).toBe('0')
    fireEvent.keyDown(button, { key: 'Enter' })
    fireEvent.keyDown(button, { key: ' ' })
    fireEvent.keyDown(button, { key: 'a' })
    fireEvent.click(button)
    expect(onPress).toHaveBeenCalledTimes(3)
  })

  it('as links answer Enter only (Space scrolls the page, as on a native link)', () => {
    const onPress = vi.fn()
    render(<View {...pressable(onPress, 'link')}>Payslips</View>)
    const link = screen.getByRole('link', { name: 'Payslips' })
    fireEvent.keyDown(link, { key: ' ' })
    expect(onPress).not.toHaveBeenCalled()
    fireEvent.keyDown(link, { key: 'Enter' })
    expect(onPress).toHaveBeenCalledTimes(1)
    expect(activates(' ', 'link')).toBe(false)
    expect(activates(' ', 'switch')).toBe(true)
  })

  it('leave a key pressed on a control inside them to that control, and leave the tab order without an action', () => {
    const outer = vi.fn()
    const inner = vi.fn()
    render(
      <View {...pressable(outer, 'link')} data-testid="row">
        <View {...pressable(inner, 'switch')} aria-label="Salary notices" />
      </View>,
    )
    fireEvent.keyDown(screen.getByRole('switch'), { key: 'Enter' })
    expect(inner).toHaveBeenCalledTimes(1)
    expect(outer).not.toHaveBeenCalled()
    cleanup()
    render(<View {...pressable(undefined)}>Soon</View>)
    expect(screen.getByRole('button').hasAttribute('tabindex')).toBe(false)
  })
})

describe("NutUI's button as a control (a11y/button)", () => {
  it('is a named button in the tab order that Enter and Space click, as a tap does', () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>Save</Button>)
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button.getAttribute('tabindex')).toBe('0')
    expect(button.hasAttribute('aria-disabled')).toBe(false)
    fireEvent.keyDown(button, { key: 'Enter' })
    fireEvent.keyDown(button, { key: ' ' })
    fireEvent.keyDown(button, { key: 'Tab' })
    expect(onClick).toHaveBeenCalledTimes(2)
    fireEvent.click(button)
    expect(onClick).toHaveBeenCalledTimes(3)
  })

  it('leaves the tab order and does nothing while disabled or busy, and says so', () => {
    const onClick = vi.fn()
    render(
      <>
        <Button disabled onClick={onClick}>
          Disabled
        </Button>
        <Button loading onClick={onClick}>
          Busy
        </Button>
      </>,
    )
    const disabled = screen.getByRole('button', { name: 'Disabled' })
    const busy = screen.getByRole('button', { name: 'Busy' })
    expect(disabled.getAttribute('tabindex')).toBe('-1')
    expect(disabled.getAttribute('aria-disabled')).toBe('true')
    expect(busy.getAttribute('aria-busy')).toBe('true')
    fireEvent.keyDown(disabled, { key: 'Enter' })
    fireEvent.keyDown(busy, { key: ' ' })
    fireEvent.click(disabled)
    expect(onClick).not.toHaveBeenCalled()
  })
})
