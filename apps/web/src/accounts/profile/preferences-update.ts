import type { ParseKeys } from 'i18next';
import type { Preferences } from '@hostdeck/contracts';

/** The preferences with another server list view. */
export function withServerListView(
  preferences: Preferences,
  view: Preferences['server_list_view'],
): Preferences {
  return { ...preferences, server_list_view: view };
}

/**
 * The preferences with one table column shown or hidden. The whole `table_options` goes to the
 * panel, since it replaces that object rather than merging inside it.
 */
export function withColumnVisible(preferences: Preferences, column: string, visible: boolean): Preferences {
  const columns = preferences.table_options.columns;
  const current = columns[column];
  if (current === undefined) return preferences;
  return {
    ...preferences,
    table_options: {
      ...preferences.table_options,
      columns: { ...columns, [column]: { ...current, visible } },
    },
  };
}

/** spec/000 §3 names the columns 'Cost' and 'Protection'; those have translations. */
const COLUMN_LABEL_KEYS: Readonly<Record<string, ParseKeys>> = {
  invoice_price: 'profile.preferences.columnCost',
  protected: 'profile.preferences.columnProtection',
};

export function columnLabelKey(column: string): ParseKeys | null {
  return COLUMN_LABEL_KEYS[column] ?? null;
}
