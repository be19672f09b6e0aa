import { expect } from '@playwright/test';

const captureUrl = `http://127.0.0.1:${process.env.SMTP_CAPTURE_HTTP_PORT ?? 18_026}`;

interface CapturedMessage {
  to: string[];
  raw: string;
}

/** Waits until the test SMTP server received a mail for `to` whose raw text matches `pattern`. */
export async function waitForMail(to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${captureUrl}/messages?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as CapturedMessage[];
        found = messages.map((message) => decodeMailBody(message.raw)).find((body) => pattern.test(body));
        return found !== undefined;
      },
      { timeout: 15_000, message: `a mail to ${to} matching ${pattern}` },
    )
    .toBe(true);
  return found!;
}

/** Undoes quoted-printable soft line breaks and escapes, which is how nodemailer sends text. */
function decodeMailBody(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The first link in a mail that points at `path` on the panel. */
export function findLink(mail: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"'<>]+${path.replace(/\//g, '\\/')}[^\\s"'<>]*`).exec(mail);
  if (!match) throw new Error(`no link to ${path} in mail:\n${mail}`);
  return match[0].replace(/&amp;/g, '&');
}
