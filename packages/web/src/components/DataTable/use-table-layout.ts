import { useContext, useState } from 'react';
import { z } from 'zod';
import { CurrentUserContext } from '../../app/current-user.ts';

export type Density = 'compact' | 'comfortable';

/** What a person arranged on a table: column order, hidden columns, row density. */
const tableLayout = z.object({
  order: z.array(z.string()).max(100),
  hidden: z.array(z.string()).max(100),
  density: z.enum(['compact', 'comfortable']),
});
export type TableLayout = z.infer<typeof tableLayout>;

const defaultLayout: TableLayout = { order: [], hidden: [], density: 'compact' };

/** One key per user and table, so people sharing a browser keep their own arrangement. */
export const layoutKey = (email: string, tableId: string) =>
  `uap.table-layout.${email.toLowerCase()}.${tableId}`;

function read(key: string | null): TableLayout {
  if (key === null) {
    return defaultLayout;
  }
  try {
    const parsed = tableLayout.safeParse(JSON.parse(localStorage.getItem(key) ?? 'null'));
    return parsed.success ? parsed.data : defaultLayout;
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
