import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { AgentFileCall } from '@hostdeck/contracts/agent-protocol';
import { HANDOFF_HEADER } from '../workers/worker-protocol.js';
import { compressPaths } from './compress.js';
import { Confinement } from './confine.js';
import type { CallContext } from './context.js';
import { importDatabaseCall } from './database-import-call.js';
import { decompressArchive } from './decompress.js';
import { FileError, forbidden, sendError, sendJson } from './errors.js';
import { listFolder } from './list.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { moveOrCopy } from './move-copy.js';
import { changeMode, changeOwner, deletePaths, makeFolder, payloadPaths, renamePath } from './mutations.js';
import { withDefaults, type FileApiOverrides, type FileScope } from './options.js';
import { Payload, readPayload } from './payload.js';
import { startRemoteDownload } from './remote-download.js';
import { saveFile } from './save.js';
import { sendListing } from './send-listing.js';
import { handOff } from './hand-off.js';
import { serveFile } from './serve-file.js';
import { receiveHandedOffUpload, uploadFile } from './upload.js';
import { viewFile } from './view.js';

interface Route {
  methods: readonly string[];
  /** Changes files: refused with 403 when the token may only read. */
  writes: boolean;
  /** Reads its own body (multipart or streamed); the others get a parsed JSON/urlencoded payload. */
  streamsBody?: boolean;
  run: (
    context: CallContext,
    payload: Payload,
    req: IncomingMessage,
    res: ServerResponse,
  ) => Promise<unknown>;
}

const done = (extra: Record<string, unknown> = {}) => ({ message: FILE_MESSAGES.done, ...extra });

/** The file calls of spec/001 §7, by path under /files/: exactly contracts' AGENT_FILE_CALLS. */
const ROUTES: Record<string, Route> = {
  list: {
    methods: ['POST', 'GET'],
    writes: false,
    run: async (context, payload, req, res) => {
      const base = await context.confinement.base(payload.optionalString('root'));
      const visible = payload.has('path')
        ? context.confinement.visiblePath(payload.string('path'), base)
        : base;
      await sendListing(req, res, await listFolder(context.confinement, visible));
    },
  },
  view: {
    methods: ['GET', 'HEAD'],
    writes: false,
    run: async (context, payload, req, res) => {
      const [visible] = await payloadPaths(context, payload);
      const { maxViewBytes, chunkBytes } = context.options;
      await viewFile(
        { confinement: context.confinement, visible: visible as string, payload, maxViewBytes, chunkBytes },
        req,
        res,
      );
    },
  },
  download: {
    methods: ['GET', 'HEAD'],
    writes: false,
    run: async (context, payload, req, res) => {
      const [visible] = await payloadPaths(context, payload);
      const node = await context.confinement.target(visible as string);
      const name = path.posix.basename(visible as string);
      if (req.headers[HANDOFF_HEADER] === '1') return handOff(context, node, name, req, res);
      await serveFile(context.confinement, node, req, res, {
        contentType: 'application/octet-stream',
        disposition: 'attachment',
        name,
        chunkBytes: context.options.chunkBytes,
      });
    },
  },
  mkdir: { methods: ['POST'], writes: true, run: async (c, p) => done({ path: await makeFolder(c, p) }) },
  delete: {
    methods: ['DELETE', 'POST'],
    writes: true,
    run: async (c, p) => done({ path: await deletePaths(c, p) }),
  },
  rename: {
    methods: ['PUT', 'POST'],
    writes: true,
    run: async (c, p) => done({ path: await renamePath(c, p) }),
  },
  upload: {
    methods: ['POST'],
    writes: true,
    streamsBody: true,
    run: async (c, p, req, res) =>
      req.headers[HANDOFF_HEADER] === 'upload'
        ? receiveHandedOffUpload(c, req, res, p)
        : done({ file: await uploadFile(c, req, p) }),
  },
  save: {
    methods: ['POST'],
    writes: true,
    streamsBody: true,
    run: async (c, p, req) => done({ file: await saveFile(c, req, p) }),
  },
  'remote-download': {
    methods: ['POST'],
    writes: true,
    run: async (c, p) => done(await startRemoteDownload(c, p)),
  },
  compress: {
    methods: ['POST'],
    writes: true,
    run: async (c, p) => done({ file: await compressPaths(c, p) }),
  },
  decompress: {
    methods: ['POST'],
    writes: true,
    run: async (c, p) => done({ path: await decompressArchive(c, p) }),
  },
  chmod: { methods: ['POST'], writes: true, run: async (c, p) => (await changeMode(c, p), done()) },
  chown: { methods: ['POST'], writes: true, run: async (c, p) => (await changeOwner(c, p), done()) },
  move: {
    methods: ['POST'],
    writes: true,
    run: async (c, p) => done({ path: await moveOrCopy(c, p, 'move') }),
  },
  copy: {
    methods: ['POST'],
    writes: true,
    run: async (c, p) => done({ path: await moveOrCopy(c, p, 'copy') }),
  },
  // Writes: it changes a database, and `remove` deletes the dump.
  'database-import': {
    methods: ['POST'],
    writes: true,
    // Streams progress lines itself when asked (database-import-call.ts); else one JSON answer.
    run: (c, p, req, res) => importDatabaseCall(c, p, req, res),
  },
} satisfies Record<AgentFileCall, Route>;

/**
 * The agent's file API (spec/001 §7) as a plain node:http handler for requests under /files/. The
 * caller (the agent's server) has verified the token and passes its scope: root, user, canWrite.
 * Everything runs in this process with its uid (a site's calls arrive in a worker running as the
 * site's user). Answers JSON `{message, errors?}` with a 4xx for anything the caller got wrong; an
 * unexpected failure is a 500 without details (logged).
 */
export async function handleFileRequest(
  req: IncomingMessage,
  res: ServerResponse,
  scope: FileScope,
  overrides: FileApiOverrides = {},
): Promise<void> {
  try {
    const url = new URL(req.url ?? '/', 'http://agent');
    const name = url.pathname.replace(/^\/files\//, '').replace(/\/$/, '');
    const route = url.pathname.startsWith('/files/') ? ROUTES[name] : undefined;
    if (!route || !Object.hasOwn(ROUTES, name)) throw new FileError(404, FILE_MESSAGES.unknownCall);
    if (!route.methods.includes(req.method ?? '')) throw new FileError(405, FILE_MESSAGES.methodNotAllowed);
    if (route.writes && !scope.canWrite) throw forbidden(FILE_MESSAGES.readOnly);
    const options = withDefaults(overrides);
    const query = Payload.fromQuery(url.searchParams);
    const payload =
      route.streamsBody || req.method === 'GET' || req.method === 'HEAD'
        ? query
        : Payload.merge(query, await readPayload(req, options.maxJsonBytes));
    const confinement = await Confinement.open(scope.root);
    try {
      const result = await route.run({ scope, options, confinement }, payload, req, res);
      if (!res.headersSent && !res.writableEnded) sendJson(res, 200, result);
    } finally {
      await confinement.close();
    }
  } catch (error) {
    if (!res.headersSent) res.setHeader('Connection', 'close');
    sendError(res, error);
  }
}
