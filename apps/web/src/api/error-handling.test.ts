import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubBrowserGlobals } from '../app/testing/browser-globals-stub';
import { ApiError } from './api-error';
import type * as ErrorHandling from './error-handling';
import type { i18n as I18n } from '../i18n/i18n';

/**
 * handleApiError as the user meets it (spec/000 §8): the snackbar text and colour, where the
 * browser goes, what happens to the signed-in user. Runs in Node with the browser globals stubbed.
 */
const { sessionStorage, location } = stubBrowserGlobals();

const shown = vi.hoisted(() => [] as { message: string; color: string }[]);
vi.mock('../feedback/snackbar-store', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  showSnackbar: (message: string, color = 'success') => shown.push({ message, color }),
}));

let handling: typeof ErrorHandling;
let i18n: typeof I18n;
const visited: string[] = [];

beforeAll(async () => {
  handling = await import('./error-handling');
  ({ i18n } = await import('../i18n/i18n'));
  const { connectAppNavigation } = await import('../app/app-navigation');
  connectAppNavigation(async (path) => void visited.push(path));
});

afterEach(async () => {
  shown.length = 0;
  visited.length = 0;
  sessionStorage.clear();
  location.reload.mockClear();
  await i18n.changeLanguage('en');
});

function apiError(status: number, over: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) {
  return new ApiError({
    status,
    statusText: '',
    message: 'The panel says no.',
    id: 'some_id',
    errors: {},
    retryAfterSeconds: null,
    ...over,
  });
}

function signedInClient() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['info'], { brand: 'HostDeck', user: { id: 1, name: 'Ada' } });
  queryClient.setQueryData(['servers', 'list'], { data: [{ id: 3 }] });
  handling.connectApiErrorHandling(queryClient);
  return queryClient;
}

describe('handleApiError', () => {
  it('401 while signed in: warns, forgets the user and their data, goes to /login', async () => {
    const queryClient = signedInClient();
    location.pathname = '/servers/3';
    handling.handleApiError(apiError(401));
    expect(shown).toEqual([{ message: 'Please log in again to continue', color: 'warning' }]);
    expect(queryClient.getQueryData<{ user: unknown }>(['info'])?.user).toBeNull();
    expect(visited).toEqual(['/login']);
    expect(sessionStorage.getItem('intended')).toBe('/servers/3');
    await vi.waitFor(() => expect(queryClient.getQueryData(['servers', 'list'])).toBeUndefined());

    // The other calls failing at the same moment add nothing.
    handling.handleApiError(apiError(401));
    expect(shown).toHaveLength(1);
  });

  it('says it in Vietnamese too', async () => {
    signedInClient();
    await i18n.changeLanguage('vi');
    handling.handleApiError(apiError(401));
    expect(shown[0]?.message).toBe('Vui lòng đăng nhập lại để tiếp tục');
  });

  it('419 reloads the page once; a token that fails again right away is reported instead', () => {
    handling.handleApiError(apiError(419, { message: 'CSRF token mismatch.' }));
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([]);
    handling.handleApiError(apiError(419, { message: 'CSRF token mismatch.' }));
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([{ message: 'CSRF token mismatch.', color: 'error' }]);
  });

  it('429 adds the time to wait', () => {
    handling.handleApiError(apiError(429, { message: 'Too Many Attempts.', retryAfterSeconds: 30 }));
    expect(shown).toEqual([
      { message: 'Too Many Attempts. Please try again after 30 seconds', color: 'warning' },
    ]);
  });

  it('413, 5xx, field errors and network failures', () => {
    handling.handleApiError(apiError(413));
    handling.handleApiError(apiError(503));
    handling.handleApiError(apiError(422, { errors: { name: ['The name is required.'] } }));
    handling.handleApiError(new TypeError('Failed to fetch'));
    expect(shown).toEqual([
      { message: '413 Request Entity Too Large', color: 'warning' },
      { message: 'Something went wrong!', color: 'error' },
      { message: 'The name is required.', color: 'warning' },
      { message: 'Failed to fetch', color: 'error' },
    ]);
  });

  it('notifySuccess shows "Success", or the given message', () => {
    handling.notifySuccess();
    handling.notifySuccess('Saved.');
    expect(shown).toEqual([
      { message: 'Success', color: 'success' },
      { message: 'Saved.', color: 'success' },
    ]);
  });
});
