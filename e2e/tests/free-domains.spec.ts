import { expect, test } from '@playwright/test';
import { registerVerifiedUser } from '../support/accounts';
import { registerVerifiedThroughOutbox, startSecondPanel, type SecondPanel } from '../support/second-panel';

/**
 * Issue 19, free subdomains, in the browser (docs/free-domains.md): the site form's "Use a free
 * domain" toggle exists only on a panel whose operator configured a free-domain zone (app info
 * `free_domain_zone`), never refused after submit; turned on, it shows the spec/000 §5 warning
 * and replaces the domain field by the generated name's zone. Creating such a site for real (its
 * A record at our bind9, the site answering under the name, the cleanup) is the server test
 * apps/api/src/free-domains/free-domains.server.test.ts.
 */
const ZONE = 'free.example.com';

test('a panel without free domains has no toggle on the site form', async ({ page }) => {
  await registerVerifiedUser(page);
  await page.goto('/sites/create');
  await expect(page.getByTestId('site-create-name')).toBeVisible();
  await expect(page.getByTestId('site-create-free-domain')).toHaveCount(0);
});

test.describe('a panel with a free-domain zone', () => {
  let panel: SecondPanel;
  test.beforeAll(async ({ browser }) => {
    panel = await startSecondPanel(browser, Number(process.env.E2E_FREE_DOMAIN_PANEL_PORT ?? 18_095), {
      FREE_DOMAIN_ZONE: ZONE,
      FREE_DOMAIN_CREDENTIAL: '1',
    });
  });
  test.afterAll(async () => panel?.stop());

  test('shows the toggle, its 14-day warning, and no domain field while it is on', async () => {
    const context = await panel.newContext();
    const page = await context.newPage();
    await registerVerifiedThroughOutbox(page);
    await page.goto('/sites/create');
    const name = page.getByTestId('site-create-name');
    await expect(name).toBeVisible();
    await name.fill('typed.example.com');
    await expect(page.getByTestId('site-create-free-domain-warning')).toHaveCount(0);

    await page.getByTestId('site-create-free-domain').check();
    await expect(page.getByTestId('site-create-free-domain-warning')).toHaveText(
      'For testing only: the DNS records of a free domain are deleted after 14 days.',
    );
    await expect(page.getByTestId('site-create-free-domain-name')).toContainText(ZONE);
    await expect(name).toHaveCount(0);

    // Off again: the domain field is back, empty (the typed name went with the toggle).
    await page.getByTestId('site-create-free-domain').uncheck();
    await expect(page.getByTestId('site-create-name')).toHaveValue('');
    await expect(page.getByTestId('site-create-free-domain-warning')).toHaveCount(0);
    await context.close();
  });
});
