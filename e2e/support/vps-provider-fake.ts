/**
 * The local fake of the VPS providers' APIs for the browser tests (apps/api/src/vps/testing/
 * vps-provider-fake.ts, recorded answers): a fixed port, so the panel, started before any test, is
 * given HETZNER_API_URL and VULTR_API_URL in its environment (playwright.config.ts).
 * DigitalOcean's root is DIGITALOCEAN_API_URL, which the DNS fake already answers for DNS.
 */
export const E2E_VPS_FAKE_PORT = Number(process.env.E2E_VPS_FAKE_PORT ?? 17_190);
const root = `http://127.0.0.1:${E2E_VPS_FAKE_PORT}`;
export const E2E_VPS_ENV = {
  HETZNER_API_URL: `${root}/hetzner/v1`,
  VULTR_API_URL: `${root}/vultr/v2`,
  // A creation the fake never boots fails after this, instead of holding a worker for ten minutes.
  VPS_BOOT_TIMEOUT_SECONDS: '30',
  VPS_POLL_INTERVAL_MS: '1000',
};
export const E2E_VPS_FAKE_HEALTH = `${root}/health`;
