import type { DownloadLink } from './file-agent-client';

/** How long an object URL stays valid after the click hands it to the browser. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Starts the browser's download of a link. A link that is not https cannot be fetched by an
 * https page and may be blocked: the caller then shows 'Please right-click > Save Link As to
 * download the file' with the link (spec/001 §8) — returned as 'save-as'.
 */
export function startBrowserDownload(link: DownloadLink, name: string): 'started' | 'save-as' {
  if (link.saveAs) return 'save-as';
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  if (link.revoke) setTimeout(link.revoke, REVOKE_AFTER_MS);
  return 'started';
}
