/**
 * The configured origin when the page was opened at another one that the panel's websockets refuse
 * (issue 26: opened by an address it was not told about, every live view failed silently); null
 * when this origin works. `allowedOrigins` is the panel's exact allow-list (app info).
 */
export function configuredOriginElsewhere(
  appUrl: string | undefined,
  allowedOrigins: readonly string[],
  currentOrigin: string,
): string | null {
  if (!appUrl || !URL.canParse(appUrl)) return null;
  const configured = new URL(appUrl).origin;
  if (currentOrigin === configured || allowedOrigins.includes(currentOrigin)) return null;
  return configured;
}
