import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PHOTO_MAX_BYTES, userSchema } from '@hostdeck/contracts';
import { SESSION_COOKIE } from '../auth/sessions.repository.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { sniffImageType } from './profile-photos.js';
import { TestBrowser } from './testing/test-browser.js';
import { PASSWORD } from './testing/accounts.js';

const databases = await availableTestDatabases();

/** A real 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const TINY_JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

/** multipart/form-data with one file part, as a browser's FormData sends it. */
function multipart(field: string, fileName: string, contentType: string, content: Buffer) {
  const boundary = '----hostdeck-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('profile image types', () => {
  it('are told from the bytes, not the name', () => {
    expect(sniffImageType(TINY_PNG)).toBe('png');
    expect(sniffImageType(TINY_JPEG_START)).toBe('jpg');
    expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe.each(databases)('profile photos on $name', (database) => {
  let test: TestApp;
  let photoDirectory: string;
  beforeAll(async () => {
    test = await createTestApp(database);
    photoDirectory = path.join(test.config.dataDir, 'profile-photos');
  });
  afterAll(async () => test.close());

  async function signedIn() {
    const { user, cookie } = await createSignedInUser(test.database.db, 'Photo', { password: PASSWORD });
    const browser = new TestBrowser(test.app);
    browser.setCookie(SESSION_COOKIE, cookie.split('=')[1]!);
    return { user, browser };
  }
  const upload = (browser: TestBrowser, form: ReturnType<typeof multipart>) =>
    browser.request('POST', '/api/user/profile-photo', form);

  it('stores an uploaded PNG with mode 0600 and serves it to signed-in users only', async () => {
    const { browser } = await signedIn();
    const response = await upload(browser, multipart('photo', 'me.svg', 'image/svg+xml', TINY_PNG));
    expect(response.statusCode).toBe(200);
    const user = userSchema.parse(response.json());
    expect(user.profile_photo_url).toMatch(/^\/api\/profile-photos\/[0-9a-f]{32}\.png$/);
    expect(user.profile_photo_path).toMatch(/^profile-photos\/[0-9a-f]{32}\.png$/);
    const file = path.join(test.config.dataDir, user.profile_photo_path!);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const served = await browser.get(user.profile_photo_url!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);

    expect((await test.app.inject({ method: 'GET', url: user.profile_photo_url! })).statusCode).toBe(401);
    // Team members see each other's photos: any session will do.
    const other = await signedIn();
    expect((await other.browser.get(user.profile_photo_url!)).statusCode).toBe(200);
  });

  it('refuses what is not a PNG, JPEG or WebP image, whatever it claims to be', async () => {
    const { browser } = await signedIn();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await upload(browser, multipart('photo', 'me.png', 'image/png', svg));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ photo: ['The photo must be a PNG, JPEG or WebP image.'] });

    const tooLarge = Buffer.concat([TINY_PNG, Buffer.alloc(PROFILE_PHOTO_MAX_BYTES)]);
    const large = await upload(browser, multipart('photo', 'big.png', 'image/png', tooLarge));
    expect(large.statusCode).toBe(422);
    expect(large.json().errors).toEqual({ photo: ['The photo must not be greater than 1024 kilobytes.'] });

    const largest = Buffer.concat([TINY_PNG, Buffer.alloc(PROFILE_PHOTO_MAX_BYTES - TINY_PNG.length)]);
    expect((await upload(browser, multipart('photo', 'max.png', 'image/png', largest))).statusCode).toBe(200);
    await browser.delete('/api/user/profile-photo');

    const wrongField = await upload(browser, multipart('avatar', 'me.png', 'image/png', TINY_PNG));
    expect(wrongField.json().errors).toEqual({ photo: ['Choose a photo to upload.'] });
    const json = await browser.post('/api/user/profile-photo', { photo: TINY_PNG.toString('base64') });
    expect(json.statusCode).toBe(422);
    expect(userSchema.parse((await browser.get('/api/user/info')).json()).profile_photo_url).toBeNull();
  });

  it('serves nothing outside the photo store', async () => {
    const { browser } = await signedIn();
    for (const url of [
      '/api/profile-photos/..%2Fapp.key',
      '/api/profile-photos/%2e%2e%2fapp.key',
      '/api/profile-photos/..%5Capp.key',
      '/api/profile-photos/app.key',
      `/api/profile-photos/${'a'.repeat(32)}.png`,
      `/api/profile-photos/${'a'.repeat(32)}.svg`,
      `/api/profile-photos/${'A'.repeat(32)}.png`,
    ]) {
      const response = await browser.get(url);
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('replaces the old file on a new upload and removes it on delete', async () => {
    const { browser } = await signedIn();
    const first = userSchema.parse(
      (await upload(browser, multipart('photo', 'a.png', 'image/png', TINY_PNG))).json(),
    );
    const jpeg = Buffer.concat([TINY_JPEG_START, Buffer.alloc(64)]);
    const second = userSchema.parse(
      (await upload(browser, multipart('photo', 'b.jpg', 'image/jpeg', jpeg))).json(),
    );
    expect(second.profile_photo_url).toMatch(/\.jpg$/);
    expect(existsSync(path.join(test.config.dataDir, first.profile_photo_path!))).toBe(false);
    expect((await browser.get(first.profile_photo_url!)).statusCode).toBe(404);
    expect((await browser.get(second.profile_photo_url!)).headers['content-type']).toBe('image/jpeg');

    const deleted = await browser.delete('/api/user/profile-photo');
    expect(deleted.statusCode).toBe(200);
    expect(userSchema.parse(deleted.json())).toMatchObject({
      profile_photo_url: null,
      profile_photo_path: null,
    });
    expect(existsSync(path.join(test.config.dataDir, second.profile_photo_path!))).toBe(false);
  });

  it('removes the photo with the account', async () => {
    const { browser } = await signedIn();
    const user = userSchema.parse(
      (await upload(browser, multipart('photo', 'a.png', 'image/png', TINY_PNG))).json(),
    );
    const name = path.basename(user.profile_photo_path!);
    expect(readdirSync(photoDirectory)).toContain(name);
    expect((await browser.delete('/api/user', { password: PASSWORD })).statusCode).toBe(204);
    expect(readdirSync(photoDirectory)).not.toContain(name);
  });
});
