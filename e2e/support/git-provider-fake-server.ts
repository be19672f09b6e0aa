// Runs the git providers' fake for the browser tests until Playwright stops it (a webServer of
// playwright.config.ts).
import { startGitProviderFake } from '@hostdeck/api/git-providers/testing/git-provider-fake.js';
import { E2E_GIT_FAKE_PORT } from './git-provider-fake';

const fake = await startGitProviderFake({ port: E2E_GIT_FAKE_PORT });
const stop = () => void fake.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
