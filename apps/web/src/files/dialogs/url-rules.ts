/** spec/001 §5 Remote download: http(s) URLs with a host ('This must be a valid URL'). */
export function isValidDownloadUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The default file name: the last URL segment, decoded ('' when there is none). */
export function fileNameFromUrl(value: string): string {
  try {
    const last = new URL(value.trim()).pathname.split('/').filter(Boolean).pop() ?? '';
    try {
      return decodeURIComponent(last);
    } catch {
      return last;
    }
  } catch {
    return '';
  }
}
