import type { ReactNode } from 'react';
import type { Cell } from '@tanstack/react-table';

/**
 * A cell's content, from its column's render function called as a function. TanStack's
 * flexRender mounts a function as a component, so columns made again on a render (a new save
 * callback once the organisation's today arrives) are new component types, and React re-mounts
 * every cell: an input lost what was being typed into it (e2e scheduling-screens, "edits a cell
 * at once", at 6x CPU throttling). A cell function is not a component and calls no hooks (the
 * rules of hooks in `npm run lint` refuse hooks in it), so calling it is safe.
 */
export function renderCell<T>(cell: Cell<T, unknown>): ReactNode {
  const content = cell.column.columnDef.cell;
  return typeof content === 'function' ? (content(cell.getContext()) as ReactNode) : content;
}
