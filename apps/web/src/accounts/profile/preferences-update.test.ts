import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, updatePreferencesRequestSchema } from '@hostdeck/contracts';
import { columnLabelKey, withColumnVisible, withServerListView } from './preferences-update';

describe('preference updates', () => {
  it('changes the server list view only', () => {
    const next = withServerListView(DEFAULT_PREFERENCES, 'list');
    expect(next.server_list_view).toBe('list');
    expect(next.table_options).toEqual(DEFAULT_PREFERENCES.table_options);
  });

  it('hides one column and keeps the others and their labels', () => {
    const next = withColumnVisible(DEFAULT_PREFERENCES, 'invoice_price', false);
    expect(next.table_options.columns).toEqual({
      invoice_price: { label: 'Cost', visible: false },
      protected: { label: 'Protection', visible: true },
    });
    expect(DEFAULT_PREFERENCES.table_options.columns.invoice_price!.visible).toBe(true);
    expect(updatePreferencesRequestSchema.safeParse({ table_options: next.table_options }).success).toBe(
      true,
    );
  });

  it('ignores a column that does not exist', () => {
    expect(withColumnVisible(DEFAULT_PREFERENCES, 'nope', false)).toBe(DEFAULT_PREFERENCES);
  });

  it('translates the spec columns only', () => {
    expect(columnLabelKey('invoice_price')).toBe('profile.preferences.columnCost');
    expect(columnLabelKey('protected')).toBe('profile.preferences.columnProtection');
    expect(columnLabelKey('custom')).toBeNull();
  });
});
