/**
 * The WordPress mirror and directory fake of the browser tests (apps/api/src/wordpress/testing):
 * test servers reach it as `wordpress-mirror.test` (wordpress.spec.ts maps that name to the host
 * end of the server's link in its /etc/hosts), the panel gets its URLs in its environment.
 */
export const E2E_WORDPRESS_FAKE_PORT = Number(process.env.E2E_WORDPRESS_FAKE_PORT ?? 18_170);
export const E2E_WORDPRESS_MIRROR_HOST = 'wordpress-mirror.test';
export const E2E_WORDPRESS_FAKE_HEALTH = `http://127.0.0.1:${E2E_WORDPRESS_FAKE_PORT}/health`;
const root = `http://${E2E_WORDPRESS_MIRROR_HOST}:${E2E_WORDPRESS_FAKE_PORT}`;
export const E2E_WORDPRESS_ENV = {
  WORDPRESS_DOWNLOAD_URL: `${root}/wordpress.tar.gz`,
  WORDPRESS_API_URL: root,
};
