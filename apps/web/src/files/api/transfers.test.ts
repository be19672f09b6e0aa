import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDownloadSocket } from './download-socket';
import { sendUpload, UploadCanceled } from './upload-request';

/** A stand-in XMLHttpRequest recording what is sent; the test plays the server. */
class FakeXhr {
  static last: FakeXhr;
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return 'application/json';
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

const request = (onProgress?: (percent: number) => void) => ({
  url: 'https://agent.test/files/upload',
  token: 'tok',
  root: '/',
  path: '/var/www',
  name: 'a.txt',
  file: new Blob(['hello']),
  onProgress,
});

describe('upload', () => {
  it('sends the text fields before the file, the token header, and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const upload = sendUpload(request((percent) => progress.push(percent)));
    const xhr = FakeXhr.last;
    expect(xhr.headers['X-HostDeck']).toBe('tok');
    expect([...(xhr.body?.keys() ?? [])]).toEqual(['root', 'path', 'name', 'file']);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.answer(200, { message: 'Done', file: { path: '/var/www/a.txt' } });
    await expect(upload.promise).resolves.toEqual({ path: '/var/www/a.txt' });
    expect(progress).toEqual([25, 100]);
  });

  it('rejects with UploadCanceled on cancel and with the status on 413', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const canceled = sendUpload(request());
    canceled.cancel();
    await expect(canceled.promise).rejects.toBeInstanceOf(UploadCanceled);
    const tooLarge = sendUpload(request());
    FakeXhr.last.answer(413, { message: 'Too large' });
    await expect(tooLarge.promise).rejects.toMatchObject({ status: 413 });
  });
});

describe('download progress socket', () => {
  it('passes progress on and queues a cancel until the socket opens', () => {
    const sockets: FakeSocket[] = [];
    class FakeSocket {
      static OPEN = 1;
      readyState = 0;
      sent: string[] = [];
      onopen: (() => void) | null = null;
      onmessage: ((event: { data: string }) => void) | null = null;
      onclose: (() => void) | null = null;
      constructor(readonly url: string) {
        sockets.push(this);
      }
      send(text: string) {
        this.sent.push(text);
      }
      close() {}
    }
    vi.stubGlobal('WebSocket', FakeSocket);
    const seen: unknown[] = [];
    const socket = openDownloadSocket('https://agent.test', 'tok', '/', (item) => seen.push(item));
    const fake = sockets[0]!;
    expect(fake.url).toBe('wss://agent.test/files/remote-download/ws?token=tok&root=%2F');
    socket.cancel('/tmp/a.zip');
    fake.readyState = 1;
    fake.onopen?.();
    expect(fake.sent).toEqual([JSON.stringify({ action: 'cancel', file: '/tmp/a.zip' })]);
    fake.onmessage?.({
      data: JSON.stringify({ file: '/tmp/a.zip', message: 'downloading', total: 9, downloaded: 3 }),
    });
    fake.onmessage?.({ data: 'not json' });
    expect(seen).toEqual([{ file: '/tmp/a.zip', message: 'downloading', total: 9, downloaded: 3 }]);
  });
});
