/**
 * The build this page runs: its entry script as the built index.html names it
 * (`assets/index-<hash>.js`), the id the panel reads from the same build's manifest
 * (apps/api/src/realtime/web-build.ts). Null under the development server, whose page is never a
 * build the panel serves.
 */
export function currentWebBuild(): string | null {
  if (!import.meta.env.PROD) return null;
  const src = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src');
  return src ? src.replace(/^\//, '') : null;
}
