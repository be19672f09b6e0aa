import { expect as baseExpect, test } from '@playwright/test';
import { registerVerifiedUser } from '../support/accounts';
import { revokeGitTokens } from '../support/git-provider-fake';

// Each step goes browser → panel → provider fake (another process) and back.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Issue 21 point 1 in the browser: `/user/git` against the git providers' fake (their OAuth servers
 * and recorded API answers, support/git-provider-fake.ts). Connect goes to the provider's authorize
 * page and back through the panel's callback; the card shows the account. A token the provider
 * revokes gives spec/000 §8's 'Bitbucket access token expired!' and a Reconnect button, which runs
 * the dance again. Disconnect forgets the account.
 */
test('git providers: connect with OAuth, expired token and reconnect, disconnect', async ({ page }) => {
  test.setTimeout(120_000);
  await registerVerifiedUser(page);
  await page.goto('/user/git');
  await expect(page.getByTestId('page-title')).toHaveText(/Git/, { timeout: 30_000 });

  const github = page.getByTestId('git-provider-github');
  await expect(github.getByTestId('git-provider-status')).toHaveText('Not connected');
  await github.getByTestId('git-provider-connect').click();
  // authorize (the fake approves at once) → the panel's callback → back here.
  await page.waitForURL(/\/user\/git\?connected=github$/);
  await expect(page.getByTestId('git-oauth-connected')).toHaveText('GitHub is connected');
  await expect(github.getByTestId('git-provider-account')).toHaveText('Connected as octocat');
  await github.getByTestId('git-provider-check').click();
  await expect(page.getByText('Connected: 3 organizations or namespaces are visible')).toBeVisible();

  const bitbucket = page.getByTestId('git-provider-bitbucket');
  await bitbucket.getByTestId('git-provider-connect').click();
  await page.waitForURL(/\/user\/git\?connected=bitbucket$/);
  await expect(bitbucket.getByTestId('git-provider-account')).toHaveText('Connected as tutorials');

  // The user revokes the panel at Bitbucket: the next call says so, and the card offers Reconnect.
  await revokeGitTokens('bitbucket');
  await bitbucket.getByTestId('git-provider-check').click();
  await expect(page.getByText('Bitbucket access token expired!')).toBeVisible();
  await expect(bitbucket.getByTestId('git-provider-expired')).toBeVisible();
  await bitbucket.getByTestId('git-provider-connect').click();
  await page.waitForURL(/\/user\/git\?connected=bitbucket$/);
  await expect(bitbucket.getByTestId('git-provider-expired')).toHaveCount(0);
  await expect(bitbucket.getByTestId('git-provider-check')).toBeVisible();

  // A callback whose state was already used is refused with a message, nothing changes.
  await page.goto('/api/git/oauth/callback?code=abc&state=replayed');
  await page.waitForURL(/git_error=state/);
  await expect(page.getByTestId('git-oauth-error')).toContainText('no longer valid');
  await expect(page.getByTestId('git-provider-gitlab').getByTestId('git-provider-status')).toHaveText(
    'Not connected',
  );

  // Disconnect.
  await github.getByTestId('git-provider-disconnect').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(github.getByTestId('git-provider-status')).toHaveText('Not connected');
});
