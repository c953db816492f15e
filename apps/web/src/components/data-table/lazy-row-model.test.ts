import { createTable, getCoreRowModel, type TableOptionsResolved } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { lazyCoreRowModel } from './lazy-row-model';

interface Item {
  key: string;
  n: number;
}

const data: Item[] = Array.from({ length: 1000 }, (_, n) => ({ key: `item-${n}`, n }));

function tableOf(rowModel: TableOptionsResolved<Item>['getCoreRowModel'], seen: string[]) {
  const table = createTable<Item>({
    data,
    columns: [{ accessorKey: 'n', header: 'N' }],
    getCoreRowModel: rowModel,
    getRowId: (item) => {
      seen.push(item.key);
      return item.key;
    },
    state: {},
    onStateChange: () => {},
    renderFallbackValue: null,
  });
  // What useReactTable does: the table's own initial state becomes its state.
  table.setOptions((options) => ({ ...options, state: table.initialState }));
  return table;
}

describe('lazyCoreRowModel', () => {
  it('makes only the rows that are read, the same rows TanStack would make', () => {
    const seen: string[] = [];
    const lazy = tableOf(lazyCoreRowModel<Item>(), seen).getRowModel();
    const eager = tableOf(getCoreRowModel<Item>(), []).getRowModel();
    expect(lazy.rows.length).toBe(1000);
    expect(seen).toEqual([]);
    const row = lazy.rows[500]!;
    expect(seen).toEqual(['item-500']);
    expect(lazy.rows[500]).toBe(row);
    expect(seen).toEqual(['item-500']);
    for (const i of [0, 1, 500, 999]) {
      const [a, b] = [lazy.rows[i]!, eager.rows[i]!];
      expect([a.id, a.index, a.depth, a.original]).toEqual([b.id, b.index, b.depth, b.original]);
      expect(a.getValue('n')).toBe(i);
      expect(a.getVisibleCells().map((c) => c.getValue())).toEqual([i]);
    }
    expect(lazy.rows[1000]).toBeUndefined();
    expect(lazy.flatRows[999]).toBe(lazy.rows[999]);
  });

  it('looks rows up and lists them by id like the eager model', () => {
    const lazy = tableOf(lazyCoreRowModel<Item>(), []);
    const model = lazy.getRowModel();
    expect(model.rowsById['item-7']).toBe(model.rows[7]);
    expect('item-7' in model.rowsById).toBe(true);
    expect(model.rowsById['nothing']).toBeUndefined();
    expect(Object.keys(model.rowsById)).toEqual(data.map((item) => item.key));
    expect(lazy.getRow('item-42').original).toBe(data[42]);
    expect(model.rows.map((r) => r.original.n).slice(0, 3)).toEqual([0, 1, 2]);
  });
});
