// Brotli and gzip copies of the built SPA's files, written once at build time beside each file
// (`x.js.br`, `x.js.gz`): the panel (@fastify/static `preCompressed`) and nginx (`gzip_static`)
// then send them as they are, at maximum quality, with no compression work per request.
// Standard library only, like the other scripts/lib helpers.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants, gunzipSync, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats; images and fonts (png, jpg, webp, woff2) are compressed already. */
export const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|map|txt|xml|ico|wasm|webmanifest)$/;

/** Encodings in the order the panel prefers them, with the suffix of their copy. */
export const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

export function compressBytes(encoding, bytes) {
  if (encoding === 'br') {
    return brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  }
  return gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION });
}

/** Every file below `directory` (relative paths), the copies and Vite's manifest folder left out. */
export function listBuiltFiles(directory) {
  const files = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(directory, relative), { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.vite') walk(name);
      } else if (!VARIANTS.some(({ suffix }) => entry.name.endsWith(suffix))) files.push(name);
    }
  };
  walk('');
  return files.sort();
}

/**
 * Writes `.br` and `.gz` beside every compressible file. A copy that would not be smaller than the
 * file (a 38-byte chunk) is not written: the server then sends the file itself, the fewer bytes.
 */
export async function precompressDirectory(directory) {
  const files = listBuiltFiles(directory).filter((file) => COMPRESSIBLE_FILE.test(file));
  let written = 0;
  // All at once: node:zlib runs them on libuv's thread pool, which bounds the parallelism.
  await Promise.all(
    files.flatMap((file) => {
      const full = path.join(directory, file);
      const bytes = readFileSync(full);
      return VARIANTS.map(async ({ encoding, suffix }) => {
        const compressed = await compressBytes(encoding, bytes);
        if (compressed.length >= bytes.length) return;
        writeFileSync(full + suffix, compressed);
        written += 1;
      });
    }),
  );
  return { files: files.length, written };
}

/**
 * What is wrong with a built directory's copies: a compressible file missing one (unless it would
 * not be smaller), or a copy that does not decode to its file (a stale copy would be sent instead).
 */
export async function findPrecompressionProblems(directory) {
  const problems = [];
  const decode = { br: brotliDecompressSync, gzip: gunzipSync };
  for (const file of listBuiltFiles(directory).filter((name) => COMPRESSIBLE_FILE.test(name))) {
    const full = path.join(directory, file);
    const bytes = readFileSync(full);
    for (const { encoding, suffix } of VARIANTS) {
      if (!existsSync(full + suffix)) {
        const wouldBe = (await compressBytes(encoding, bytes)).length;
        if (wouldBe < bytes.length)
          problems.push(`${file}: no ${suffix} (${wouldBe} < ${bytes.length} bytes)`);
      } else if (!decode[encoding](readFileSync(full + suffix)).equals(bytes)) {
        problems.push(`${file}${suffix} does not decode to ${file}`);
      }
    }
  }
  return problems;
}
