/**
 * Browser and platform of a User-Agent header, for the session list (GET api/user/sessions).
 * Deliberately simple: the list only has to let a person recognise their own devices.
 */
export interface ParsedUserAgent {
  browser: string;
  platform: string;
  isDesktop: boolean;
}

const BROWSERS: [RegExp, string][] = [
  // Order matters: Edge and Chrome on iOS also say "Safari", Edge also says "Chrome".
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const PLATFORMS: [RegExp, string][] = [
  [/\biPhone|\biPad|\biPod/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b|\bX11\b|\bCrOS\b/, 'Linux'],
];

export const UNKNOWN = 'Unknown';

export function parseUserAgent(userAgent: string | null): ParsedUserAgent {
  const header = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(header))?.[1] ?? UNKNOWN;
  const platform = PLATFORMS.find(([pattern]) => pattern.test(header))?.[1] ?? UNKNOWN;
  const isDesktop = ['Windows', 'macOS', 'Linux'].includes(platform) && !/\bMobile\b|\bTablet\b/.test(header);
  return { browser, platform, isDesktop };
}
