import { BACKUP_DOWNLOAD_FILE_PATTERN } from '@hostdeck/contracts/backups';

export interface PreparedDownload {
  file: string;
  size: number;
}

/**
 * The archive a finished download event prepared: backup-download's last line is
 * `download<TAB><file><TAB><size>` (recipes backup-restore-recipes.ts). Null without one.
 */
export function preparedDownload(output: string): PreparedDownload | null {
  const lines = output.split('\n').reverse();
  for (const line of lines) {
    const match = /^download\t([^\t/]+)\t(0|[1-9][0-9]{0,18})\r?$/.exec(line);
    if (match && BACKUP_DOWNLOAD_FILE_PATTERN.test(match[1]!))
      return { file: match[1]!, size: Number(match[2]) };
  }
  return null;
}

/** Hands a single-use link to the browser's download (no pop-up, so no pop-up blocker). */
export function startDownload(url: string, file: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
