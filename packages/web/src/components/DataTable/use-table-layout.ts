import { useContext, useState } from 'react';
import { CurrentUserContext } from '../../session/current-user.ts';

export type Density = 'compact' | 'comfortable';

/** What a person arranged on a table: column order, hidden columns, row density. */
export interface TableLayout {
  order: string[];
  hidden: string[];
  density: Density;
}

const maxColumns = 100;

function isColumnList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length <= maxColumns && value.every((v) => typeof v === 'string');
}

/**
 * A stored layout, checked by hand: the table is part of a screen's first code, and zod would
 * add its schemas' building to it. What is not a layout (edited or old storage) is ignored.
 */
function parseLayout(value: unknown): TableLayout | null {
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const { order, hidden, density } = value as Record<string, unknown>;
  if (!isColumnList(order) || !isColumnList(hidden) || (density !== 'compact' && density !== 'comfortable')) {
    return null;
  }
  return { order, hidden, density };
}

const defaultLayout: TableLayout = { order: [], hidden: [], density: 'compact' };

/** One key per user and table, so people sharing a browser keep their own arrangement. */
export const layoutKey = (email: string, tableId: string) =>
  `uap.table-layout.${email.toLowerCase()}.${tableId}`;

function read(key: string | null): TableLayout {
  if (key === null) {
    return defaultLayout;
  }
  try {
    return parseLayout(JSON.parse(localStorage.getItem(key) ?? 'null')) ?? defaultLayout;
  } catch {
    return defaultLayout;
  }
}

/**
 * The table's layout, remembered in localStorage per signed-in user and table id (outside the
 * signed-in shell, e.g. a test harness, it is kept in memory only).
 */
export function useTableLayout(tableId: string) {
  const email = useContext(CurrentUserContext)?.user.email;
  const key = email ? layoutKey(email, tableId) : null;
  const [layout, setLayout] = useState(() => read(key));
  const update = (change: Partial<TableLayout>) => {
    setLayout((current) => {
      const next = { ...current, ...change };
      if (key !== null) {
        try {
          localStorage.setItem(key, JSON.stringify(next));
        } catch {
          // A full or blocked storage only loses the memory of the layout.
        }
      }
      return next;
    });
  };
  const reset = () => update(defaultLayout);
  return { layout, update, reset };
}

/** The columns in the person's order (new columns keep their place at the end), minus hidden ones. */
export function arrangeColumns<C extends { id: string }>(columns: C[], layout: TableLayout): C[] {
  const rank = (id: string) => {
    const i = layout.order.indexOf(id);
    return i === -1 ? layout.order.length + columns.findIndex((c) => c.id === id) : i;
  };
  return [...columns].sort((a, b) => rank(a.id) - rank(b.id));
}
