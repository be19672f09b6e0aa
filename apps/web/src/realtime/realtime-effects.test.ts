import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Event } from '@hostdeck/contracts';
import { applyRealtimeMessage, queryKeysToReload, snackbarColorFor } from './realtime-effects';

const event: Event = {
  id: 7,
  type: 'install_php',
  server_id: 1,
  site_id: null,
  server_name: 'web-1',
  site_name: null,
  model_id: null,
  model_type: null,
  is_finished: false,
  description: 'Install PHP 8.3',
  description_id: 'installApplication',
  description_values: { application: 'PHP 8.3' },
  status: 'RUNNING',
  output: '',
  output_truncated: false,
  error_reason: null,
  error_id: null,
  error_values: {},
  current_step: null,
  created_at: '2026-01-01T00:00:00.000Z',
  created_at_display: 'just now',
  user_name: null,
  user_avatar: null,
  color: 'primary',
};

function recorder() {
  const calls = { snackbars: [] as [string, string][], uiReload: 0, events: [] as Event[] };
  const queryClient = new QueryClient();
  const effects = {
    queryClient,
    showSnackbar: (message: string, color: string) => calls.snackbars.push([message, color]),
    openUiReloadDialog: () => {
      calls.uiReload += 1;
    },
    upsertEvent: (value: Event) => calls.events.push(value),
  };
  return { calls, effects, queryClient };
}

describe('realtime effects', () => {
  it('reloads the queries named by Update-data keys, and app info with the user', () => {
    expect(queryKeysToReload(['servers', 'user', 'uireload', 'servers'])).toEqual([
      ['servers'],
      ['user'],
      ['info'],
    ]);
  });

  it('marks the named queries stale and opens the reload prompt for uireload', () => {
    const { calls, effects, queryClient } = recorder();
    queryClient.setQueryData(['servers', { page: 2 }], []);
    queryClient.setQueryData(['sites'], []);
    applyRealtimeMessage({ type: 'Update-data', keys: ['servers', 'uireload'] }, effects);
    expect(queryClient.getQueryState(['servers', { page: 2 }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['sites'])?.isInvalidated).toBe(false);
    expect(calls.uiReload).toBe(1);
  });

  it('shows an Event-status message as a snackbar and updates the event', () => {
    const { calls, effects } = recorder();
    applyRealtimeMessage(
      { type: 'Event-status', description: 'Install PHP 8.3', color: 'primary', event },
      effects,
    );
    expect(calls.snackbars).toEqual([['Install PHP 8.3', 'info']]);
    expect(calls.events).toEqual([event]);
  });

  it('says the snackbar in the reader’s language when it can describe the event', () => {
    const { calls, effects } = recorder();
    applyRealtimeMessage(
      { type: 'Event-status', description: 'Install PHP 8.3', color: 'success', event },
      { ...effects, describeEvent: (described) => `Cài đặt ${described.description_values.application}` },
    );
    expect(calls.snackbars).toEqual([['Cài đặt PHP 8.3', 'success']]);
  });

  it('draws event colours the snackbar has, and the others as info', () => {
    expect(snackbarColorFor('error')).toBe('error');
    expect(snackbarColorFor('success')).toBe('success');
    expect(snackbarColorFor('default')).toBe('info');
  });
});
