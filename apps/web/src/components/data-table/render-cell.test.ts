import { createElement, isValidElement } from 'react';
import { createTable, flexRender, getCoreRowModel, type ColumnDef } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { renderCell } from './render-cell';

interface Item {
  name: string;
}

/** Stands for a cell's component, such as EditableTextCell. */
function NameInput(props: { value: string; onCommit: (value: string) => void }) {
  return props.value;
}

/** Columns as a table makes them on a render: a fresh closure over that render's callback. */
function columnsWith(onCommit: (value: string) => void): ColumnDef<Item>[] {
  return [
    {
      id: 'name',
      cell: ({ row }) => createElement(NameInput, { value: row.original.name, onCommit }),
    },
  ];
}

function firstCell(columns: ColumnDef<Item>[]) {
  const table = createTable<Item>({
    data: [{ name: 'Gamma Center' }],
    columns,
    getCoreRowModel: getCoreRowModel(),
    state: {},
    onStateChange: () => {},
    renderFallbackValue: null,
  });
  table.setOptions((options) => ({ ...options, state: table.initialState }));
  return table.getRowModel().rows[0]!.getVisibleCells()[0]!;
}

const typeOf = (node: unknown) => (isValidElement(node) ? node.type : undefined);

describe('renderCell', () => {
  it("keeps a cell's element type when the columns are made again, so React keeps it mounted", () => {
    const before = firstCell(columnsWith(() => {}));
    const after = firstCell(columnsWith(() => {}));
    expect(typeOf(renderCell(before))).toBe(NameInput);
    expect(typeOf(renderCell(after))).toBe(NameInput);
    // The premise: flexRender mounts each column's function as a component of its own, so the
    // same cell of columns made twice has two types, and React re-mounts it (losing an input's text).
    expect(typeOf(flexRender(before.column.columnDef.cell, before.getContext()))).not.toBe(
      typeOf(flexRender(after.column.columnDef.cell, after.getContext())),
    );
  });

  it('renders a column whose cell is a plain value', () => {
    const cell = firstCell([{ id: 'fixed', cell: 'text' }]);
    expect(renderCell(cell)).toBe('text');
  });
});
