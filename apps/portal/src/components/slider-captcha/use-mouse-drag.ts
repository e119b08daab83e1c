/**
 * Mouse dragging for desktop browsers (H5): after a mousedown on the handle, moves and the release
 * are followed on the whole document so the drag survives leaving the handle. In the
 * mini-program there is no document and touch events do the work.
 */
export function followMouse(onMove: (x: number, y: number) => void, onUp: (x: number, y: number) => void): void {
  if (typeof document === 'undefined' || typeof document.addEventListener !== 'function') return
  const move = (e: MouseEvent) => {
    e.preventDefault()
    onMove(e.clientX, e.clientY)
  }
  const up = (e: MouseEvent) => {
    document.removeEventListener('mousemove', move)
    document.removeEventListener('mouseup', up)
    onUp(e.clientX, e.clientY)
  }
  document.addEventListener('mousemove', move)
  document.addEventListener('mouseup', up)
}
