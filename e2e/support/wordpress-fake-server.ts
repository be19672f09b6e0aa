// Runs the WordPress mirror and directory fake for the browser tests until Playwright stops it (a
// webServer of playwright.config.ts).
import { startWordpressDirectory } from '@hostdeck/api/wordpress/testing/wordpress-mirror.js';
import { E2E_WORDPRESS_FAKE_PORT, E2E_WORDPRESS_MIRROR_HOST } from './wordpress-fake';

const directory = await startWordpressDirectory({
  port: E2E_WORDPRESS_FAKE_PORT,
  host: E2E_WORDPRESS_MIRROR_HOST,
});
await directory.releasePlugin('hostdeck-hello', '1.0');
const stop = () => void directory.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
