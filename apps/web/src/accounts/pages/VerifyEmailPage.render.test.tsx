// Loaded before the browser stubs: emotion decides at load whether it runs in a browser.
import '@emotion/cache';
import '@emotion/react';
import '@emotion/styled';
import '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { appInfoSchema, preferencesSchema, type User } from '@hostdeck/contracts';
import { stubBrowserGlobals } from '../../app/testing/browser-globals-stub';

/**
 * The verification page of an unverified user (issue 26, item 8): on a panel without SMTP it says
 * where the mail went and links to the outbox; with SMTP it does not. Server-rendered in Node (the
 * unit project has no DOM), from app info as GET api/info answers it.
 */
stubBrowserGlobals();

let VerifyEmailPage: ComponentType;
let appInfoKey: readonly string[];

beforeAll(async () => {
  ({ VerifyEmailPage } = await import('./VerifyEmailPage'));
  ({ APP_INFO_QUERY_KEY: appInfoKey } = await import('../../api/use-app-info'));
  const { i18n } = await import('../../i18n/i18n');
  await i18n.changeLanguage('en');
});

const unverified: User = {
  id: 3,
  name: 'Uma',
  email: 'uma@example.test',
  email_verified: false,
  profile_photo_path: null,
  profile_photo_url: null,
  current_team_id: 1,
  hotfix: false,
  isPaidUser: false,
  isAdmin: false,
  subscription: null,
  two_factor_enabled: false,
  locale: 'en',
  preferences: preferencesSchema.parse({}),
};

function render(mailOutbox: boolean): string {
  const client = new QueryClient();
  client.setQueryData(
    appInfoKey,
    appInfoSchema.parse({
      brand: 'HostDeck',
      locale: 'en',
      locales: ['en', 'vi'],
      logo: null,
      agent_version: 22,
      agent_terminal_host: null,
      agent_file_origin: [],
      max_commission: 0,
      plans: [],
      banks: [],
      phpVersions: [],
      backup_drives: [],
      ubuntu_versions: [],
      usd_rate: 1,
      event_ends_at: null,
      user: unverified,
      vpsProviders: [],
      billing_enabled: false,
      mail_outbox: mailOutbox,
    }),
  );
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <VerifyEmailPage />
      </MemoryRouter>
    </QueryClientProvider>,
  ).replace(/<!-- -->/g, '');
}

/** The opening tag of the link with this test id. */
const link = (html: string, testId: string) =>
  new RegExp(`<a[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? '';

describe('VerifyEmailPage', () => {
  it('points to the outbox when the panel keeps mail there (no SMTP)', () => {
    const html = render(true);
    expect(html).toContain('data-testid="outbox-hint"');
    expect(html).toContain('No mail server (SMTP) is configured on this panel');
    expect(link(html, 'outbox-hint-open')).toContain('href="/dev/outbox"');
    // The way to correct a mistyped address is there as well.
    expect(link(html, 'verify-edit-profile')).toContain('href="/user/profile"');
  });

  it('says nothing of an outbox when mail goes out over SMTP', () => {
    const html = render(false);
    expect(html).toContain('uma@example.test');
    expect(html).not.toContain('outbox-hint');
    expect(html).not.toContain('/dev/outbox');
  });
});
