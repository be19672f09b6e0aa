/**
 * The local fake of the DNS providers' APIs for the browser tests (apps/api/src/testing/
 * dns-provider-fake.ts, recorded answers): a fixed port, so the panel, started before any test, is
 * given CLOUDFLARE_API_URL and DIGITALOCEAN_API_URL in its environment (playwright.config.ts).
 */
export const E2E_DNS_FAKE_PORT = Number(process.env.E2E_DNS_FAKE_PORT ?? 18_150);
const root = `http://127.0.0.1:${E2E_DNS_FAKE_PORT}`;
export const E2E_CLOUDFLARE_API_URL = `${root}/cloudflare/client/v4`;
export const E2E_DIGITALOCEAN_API_URL = `${root}/digitalocean/v2`;
export const E2E_DNS_FAKE_HEALTH = `${root}/health`;
