import { createRow, memo, type Row, type RowModel, type Table } from '@tanstack/react-table';

/**
 * TanStack's core row model, made row by row on first read instead of all
 * at once. TanStack's own `getCoreRowModel` builds every row up front, each
 * with a few dozen closures from the table's features: at 10,000 jobs that
 * was the largest cost of opening Data Management, while the virtualised
 * table reads only the rows in view. For flat lists (no sub-rows) whose
 * table sorts, filters and groups nothing itself: such models would read
 * every row anyway. `rows`, `flatRows` and `rowsById` hold the same rows,
 * indexable and enumerable as TanStack's are.
 */
export function lazyCoreRowModel<T>(): (table: Table<T>) => () => RowModel<T> {
  return (table) =>
    memo(
      () => [table.options.data],
      (data) => lazyRowModel(table, data),
      { key: false, onChange: () => table._autoResetPageIndex() },
    );
}

function lazyRowModel<T>(table: Table<T>, data: readonly T[]): RowModel<T> {
  const made = new Array<Row<T> | undefined>(data.length);
  const rowAt = (index: number): Row<T> =>
    (made[index] ??= createRow(
      table,
      table._getRowId(data[index]!, index),
      data[index]!,
      index,
      0,
    ));
  const indexOf = (key: string | symbol): number | null => {
    if (typeof key !== 'string') return null;
    const index = Number(key);
    return Number.isInteger(index) && index >= 0 && index < data.length && String(index) === key
      ? index
      : null;
  };
  const rows = new Proxy(made as Row<T>[], {
    get(target, key, receiver): unknown {
      const index = indexOf(key);
      return index === null ? (Reflect.get(target, key, receiver) as unknown) : rowAt(index);
    },
  });
  // Ids are only computed when a row is looked up by id (selection, getRow).
  let byId: Map<string, number> | null = null;
  const ids = () => (byId ??= new Map(data.map((item, i) => [table._getRowId(item, i), i])));
  const rowsById: Record<string, Row<T>> = new Proxy(
    {},
    {
      get(_target, key) {
        const index = typeof key === 'string' ? ids().get(key) : undefined;
        return index === undefined ? undefined : rowAt(index);
      },
      has: (_target, key) => typeof key === 'string' && ids().has(key),
      ownKeys: () => [...ids().keys()],
      getOwnPropertyDescriptor(_target, key) {
        const index = typeof key === 'string' ? ids().get(key) : undefined;
        if (index === undefined) return undefined;
        return { value: rowAt(index), enumerable: true, configurable: true, writable: false };
      },
    },
  );
  return { rows, flatRows: rows, rowsById };
}
