import { agentError, parseBody } from './agent-error';
import { FILE_TOKEN_HEADER } from './endpoint';
import type { Cancellable, FileEntry } from './types';

export interface UploadRequest {
  url: string;
  token: string;
  root: string;
  /** Folder the file goes into. */
  path: string;
  /** Name to store it as; may hold sub-folders ('a/b.txt'). */
  name: string;
  file: Blob;
  /** 0..100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
}

/** Thrown (as the promise's rejection) when the upload was canceled. */
export class UploadCanceled extends Error {
  override readonly name = 'UploadCanceled';
}

/**
 * POST /files/upload through XMLHttpRequest, the one browser API with upload progress. The text
 * fields go before the file part: the agent must know the target before the first byte arrives
 * (apps/agent/src/files/upload.ts).
 */
export function sendUpload(request: UploadRequest): Cancellable<FileEntry> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<FileEntry>((resolve, reject) => {
    const form = new FormData();
    form.append('root', request.root);
    form.append('path', request.path);
    form.append('name', request.name);
    form.append('file', request.file, request.name.split('/').pop() ?? request.name);
    xhr.open('POST', request.url);
    xhr.setRequestHeader(FILE_TOKEN_HEADER, request.token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        request.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText, xhr.getResponseHeader('content-type'));
      if (xhr.status >= 200 && xhr.status < 300) {
        request.onProgress?.(100);
        resolve((body as { file: FileEntry }).file);
      } else reject(agentError(xhr.status, xhr.statusText, body));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new UploadCanceled('Upload canceled'));
    xhr.send(form);
  });
  return { promise, cancel: () => xhr.abort() };
}
