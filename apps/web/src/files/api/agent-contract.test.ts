import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FileAgentClient } from './file-agent-client';

/**
 * The client against the real agent file API (the agent's file server over a temporary tree): the
 * payloads this client sends are the ones the agent reads. The web never imports the agent: the
 * test configuration (vitest.config.ts) provides the path of the agent's test server, loaded at run
 * time, so the web typecheck (browser types only) does not follow it into Node code either.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    agentFileServerModule: string;
  }
}

interface FileTestServer {
  url: string;
  root: string;
  close(): Promise<void>;
}
/** The stand-in checks no token; it only derives the path key from it. */
const TOKEN = 'unused';

let server: FileTestServer;
let client: FileAgentClient;
/** A visible path under the test root (paths are absolute, inside the token's root). */
const at = (path: string) => `${server.root}${path}`;

beforeAll(async () => {
  const module = (await import(/* @vite-ignore */ inject('agentFileServerModule'))) as {
    startFileServer: (scope: { pathKey: string }) => Promise<FileTestServer>;
  };
  // The agent's key for this token (the hex SHA-256, as its main process derives it): saves
  // through the private endpoint send the path encrypted (path-cipher.ts) and it must read them.
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(TOKEN));
  const pathKey = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  server = await module.startFileServer({ pathKey });
  // The test server plays the panel proxy: a plain-http "private" endpoint, no token check.
  client = new FileAgentClient({
    endpoints: { public: 'http://127.0.0.1:1', private: server.url },
    token: TOKEN,
    root: server.root,
    agentVersion: 30,
  });
});

afterAll(async () => server?.close());

const names = async (folder: string) => {
  const listing = await client.list(folder);
  return [...listing.dirs, ...listing.files].map((entry) => entry.name).sort();
};

describe('FileAgentClient against the agent', () => {
  it('creates, saves, views, renames, changes mode, archives, extracts and deletes', async () => {
    await client.mkdir(server.root, 'abc/def');
    await client.save(at('/abc/notes.txt'), '', true);
    await client.save(at('/abc/notes.txt'), 'one\ntwo\nthree\n');
    expect(await names(at('/abc'))).toEqual(['def', 'notes.txt']);
    expect(await client.view(at('/abc/notes.txt'))).toEqual({ kind: 'text', content: 'one\ntwo\nthree\n' });
    const tail = await client.view(at('/abc/notes.txt'), { limit: 100 });
    expect(tail.kind).toBe('text');

    await client.rename(at('/abc/notes.txt'), 'readme.txt');
    await client.chmod([at('/abc/readme.txt')], '640');
    const [file] = (await client.list(at('/abc'))).files;
    expect(file?.permission.number).toBe(640);

    await client.compress({ paths: [at('/abc')], type: 'zip', level: 3, junk: true, name: 'abc.zip' });
    await client.copy([at('/abc.zip')], at('/abc/def'));
    await client.decompress(at('/abc/def/abc.zip'), false);
    expect(await names(at('/abc/def'))).toEqual(['abc', 'abc.zip']);

    await client.delete([at('/abc/def/abc'), at('/abc/def/abc.zip')]);
    await client.move([at('/abc/readme.txt')], at('/abc/def'));
    expect(await names(at('/abc/def'))).toEqual(['readme.txt']);
  });

  it('reports the field errors and statuses of the agent', async () => {
    const failure = await client.chmod([at('/abc')], '999').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 422 });
    const renamed = await client.rename(at('/missing'), 'x').catch((error: unknown) => error);
    expect(renamed).toMatchObject({ status: 404 });
  });

  it('downloads with the link token in the query, as the browser does', async () => {
    await client.save(at('/hello.txt'), 'hello', true);
    // The stand-in serves the file API only; /link (the agent's main server) is in agent tests.
    const url = `${server.url}/files/download?${new URLSearchParams({ path: at('/hello.txt'), root: server.root, token: 'link' })}`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hello');
  });
});
