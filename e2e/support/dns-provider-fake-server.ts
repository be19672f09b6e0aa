// Runs the DNS providers' fake for the browser tests until Playwright stops it (a webServer of
// playwright.config.ts).
import { startDnsProviderFake } from '@hostdeck/api/testing/dns-provider-fake.js';
import { E2E_DNS_FAKE_PORT } from './dns-provider-fake';

const fake = await startDnsProviderFake({ port: E2E_DNS_FAKE_PORT });
const stop = () => void fake.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
