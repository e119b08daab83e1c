import { HolderOutlined } from '@ant-design/icons'
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { theme } from 'antd'
import type { ReactNode } from 'react'
import { useTexts } from '../../../providers/i18n'

/**
 * A list reordered by dragging its handles (mouse, touch, or the keyboard: space, arrows, space),
 * with dnd-kit. `onMove(from, to)` is told the new place; the list is the caller's.
 */
export function SortableList<T>({ items, keyOf, onMove, render }: { items: T[]; keyOf: (item: T, index: number) => string; onMove: (from: number, to: number) => void; render: (item: T, index: number, handle: ReactNode) => ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))
  const keys = items.map(keyOf)
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    onMove(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)))
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        {items.map((item, index) => (
          <SortableRow key={keys[index]} id={keys[index]}>
            {(handle) => render(item, index, handle)}
          </SortableRow>
        ))}
      </SortableContext>
    </DndContext>
  )
}

function SortableRow({ id, children }: { id: string; children: (handle: ReactNode) => ReactNode }) {
  const { texts } = useTexts()
  const { token } = theme.useToken()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id })
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={texts.content.common.dragHandle}
      title={texts.content.common.dragHandle}
      data-testid={`drag-${id}`}
      style={{ cursor: isDragging ? 'grabbing' : 'grab', border: 'none', background: 'transparent', padding: 4, color: token.colorTextSecondary, display: 'inline-flex', borderRadius: 4, touchAction: 'none' }}
    >
      <HolderOutlined />
    </button>
  )
  return (
    <div ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined, opacity: isDragging ? 0.85 : 1 }}>
      {children(handle)}
    </div>
  )
}
