import { describe, expect, it } from 'vitest';
import { updatePreferencesRequestSchema } from './accounts.js';

describe('preferences update', () => {
  it('keeps only the preferences given, so saving the theme does not reset table options', () => {
    expect(updatePreferencesRequestSchema.parse({ theme: 'dark' })).toEqual({ theme: 'dark' });
    expect(updatePreferencesRequestSchema.parse({ drawer_open: false })).toEqual({ drawer_open: false });
  });

  it('still fills in the parts of table options left out', () => {
    const parsed = updatePreferencesRequestSchema.parse({ table_options: { items_per_page: 5 } });
    expect(parsed.table_options?.items_per_page).toBe(5);
    expect(parsed.table_options?.columns.invoice_price?.visible).toBe(true);
  });
});
