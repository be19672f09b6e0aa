// Runs the VPS providers' fake for the browser tests until Playwright stops it (a webServer of
// playwright.config.ts). Its machines never boot (no test server here): a creation's event shows
// its first steps, then ends in a clear timeout (vps.server.test.ts runs the whole creation).
import { startVpsProviderFake } from '@hostdeck/api/vps/testing/vps-provider-fake.js';
import { E2E_VPS_FAKE_PORT } from './vps-provider-fake';

const fake = await startVpsProviderFake({
  port: E2E_VPS_FAKE_PORT,
  onCreate: () => new Promise<{ ip: string }>(() => {}),
});
const stop = () => void fake.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
