import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * WordPress for servers without internet (test support, docs/wordpress.md):
 * - the tarball, built once on the host from Debian 12's `wordpress` package (6.1.x) and the
 *   packages its bundled libraries were split into, with every symbolic link replaced by its file
 *   and without Debian's wp-config.php indirection: a normal `wordpress/` tree as wordpress.org
 *   ships it. Cached in HOSTDECK_WORDPRESS_MIRROR_DIR (/var/cache/hostdeck-wordpress-mirror).
 * - a fake of the plugin and theme directory API (api.wordpress.org: info, query, update-check)
 *   serving zips of tiny plugins and themes the test releases version by version.
 */

const MIRROR_DIR = process.env.HOSTDECK_WORDPRESS_MIRROR_DIR ?? '/var/cache/hostdeck-wordpress-mirror';
const TARBALL = 'wordpress-6.1-debian.tar.gz';

const BUILD_SCRIPT = String.raw`
set -euo pipefail
out=$1
work=$(mktemp -d)
trap 'rm -rf -- "$work"' EXIT
cd "$work"
apt-get download wordpress wordpress-theme-twentytwentythree libjs-cropper libjs-underscore php-getid3 >/dev/null 2>&1 ||
  { apt-get update >/dev/null 2>&1 && apt-get download wordpress wordpress-theme-twentytwentythree libjs-cropper libjs-underscore php-getid3 >/dev/null; }
for deb in ./*.deb; do dpkg-deb -x "$deb" root; done
wp=root/usr/share/wordpress
rm -f -- "$wp/wp-config.php" "$wp/.htaccess"
# Absolute links point into the unpacked packages, relative ones stay inside them.
while IFS= read -r -d '' link; do
  target=$(readlink -- "$link")
  if [[ $target == /* ]]; then
    if [[ -e root$target ]]; then ln -sfn -- "$work/root$target" "$link"; elif [[ ! -e $target ]]; then rm -f -- "$link"; fi
  fi
done < <(find root -type l -print0)
mkdir -p tree
cp -rL -- "$wp" tree/wordpress
[[ -f tree/wordpress/wp-content/themes/twentytwentythree/style.css ]]
[[ -f tree/wordpress/wp-includes/ID3/getid3.php ]]
tar -czf "$out.partial" -C tree wordpress
mv -f -- "$out.partial" "$out"
`;

/** The WordPress tarball (built and cached on first use) and its SHA-256. */
export function wordpressTarball(): { file: string; sha256: string } {
  const file = path.join(MIRROR_DIR, TARBALL);
  if (!existsSync(file)) {
    mkdirSync(MIRROR_DIR, { recursive: true });
    execFileSync(
      'flock',
      [
        path.join(MIRROR_DIR, '.lock'),
        'bash',
        '-c',
        `[[ -f "$1" ]] || bash -c "$2" build "$1"`,
        'build',
        file,
        BUILD_SCRIPT,
      ],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
        timeout: 600_000,
      },
    );
  }
  return { file, sha256: createHash('sha256').update(readFileSync(file)).digest('hex') };
}

/** A plugin's main file: prints a marker in the footer; `fatal` breaks every page it loads on. */
export function pluginSource(slug: string, version: string, options: { fatal?: boolean } = {}) {
  return [
    '<?php',
    '/**',
    ` * Plugin Name: ${slug}`,
    ` * Version: ${version}`,
    ' * Description: A HostDeck test plugin.',
    ' */',
    options.fatal ? 'hostdeck_test_undefined_function();' : '',
    `add_action('wp_footer', function () { echo '<!-- ${slug} ${version} -->'; });`,
    '',
  ].join('\n');
}

export function themeFiles(slug: string, version: string) {
  return [
    { name: `${slug}/style.css`, content: `/*\nTheme Name: ${slug}\nVersion: ${version}\n*/\n` },
    { name: `${slug}/index.php`, content: `<?php echo '<!-- ${slug} ${version} -->'; wp_footer();\n` },
  ];
}

/**
 * A zip as the plugin directory serves them, made by Python's zipfile (a plain archive that
 * WordPress's PclZip reads: servers without PHP's zip extension use it).
 */
function zipOf(files: { name: string; content: string }[]): Buffer {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-wp-zip-'));
  try {
    for (const file of files) {
      mkdirSync(path.dirname(path.join(directory, 'tree', file.name)), { recursive: true });
      writeFileSync(path.join(directory, 'tree', file.name), file.content);
    }
    const top = files[0]!.name.split('/')[0]!;
    execFileSync('python3', ['-m', 'zipfile', '-c', path.join(directory, 'out.zip'), top], {
      cwd: path.join(directory, 'tree'),
    });
    return readFileSync(path.join(directory, 'out.zip'));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

interface Release {
  version: string;
  zip: Buffer;
}

/**
 * A "newer" WordPress made from the cached tarball: `wp-includes/version.php` with `$wp_version`
 * set to `version`, and `broken` adding a PHP fatal to it (every page fails). Returns the tarball.
 */
export function wordpressCoreVariant(version: string, options: { broken?: boolean } = {}): Buffer {
  const work = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-wp-core-'));
  try {
    execFileSync(
      'bash',
      [
        '-euo',
        'pipefail',
        '-c',
        String.raw`cd "$1" && tar -xzf "$2" && v=wordpress/wp-includes/version.php &&
sed -i "s/^\$wp_version = '[^']*';/\$wp_version = '$3';/" "$v" && grep -q "^\$wp_version = '$3';" "$v" &&
if [[ $4 == 1 ]]; then printf '
hostdeck_core_update_test_undefined_function();
' >> "$v"; fi &&
tar -czf core.tar.gz wordpress`,
        'variant',
        work,
        wordpressTarball().file,
        version,
        options.broken ? '1' : '0',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 },
    );
    return readFileSync(path.join(work, 'core.tar.gz'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export interface WordpressDirectory {
  /** The WORDPRESS_API_URL for a server that reaches the host at `host`. */
  apiUrlFor(host: string): string;
  /** The WORDPRESS_DOWNLOAD_URL for a server that reaches the host at `host`. */
  downloadUrlFor(host: string): string;
  sha256: string;
  /** Serves `tarball` at the URL answered (a core update's WORDPRESS_DOWNLOAD_URL) and its SHA-256. */
  serveCore(host: string, name: string, tarball: Buffer): { url: string; sha256: string };
  /** Makes `version` of a plugin the directory's current one. */
  releasePlugin(slug: string, version: string, options?: { fatal?: boolean }): Promise<void>;
  releaseTheme(slug: string, version: string): Promise<void>;
  requests: string[];
  stop(): Promise<void>;
}

/**
 * Starts the fake directory (and the tarball's mirror) on 0.0.0.0, on `port` (a free one by
 * default). `host`: the name servers reach it by, when known at start (the browser tests);
 * otherwise apiUrlFor sets it.
 */
export async function startWordpressDirectory(
  options: { port?: number; host?: string } = {},
): Promise<WordpressDirectory> {
  const tarball = wordpressTarball();
  const plugins = new Map<string, Release>();
  const themes = new Map<string, Release>();
  const requests: string[] = [];
  const cores = new Map<string, Buffer>();
  let base = '';

  const infoOf = (type: 'plugins' | 'themes', slug: string, release: Release) => ({
    name: slug,
    slug,
    version: release.version,
    download_link: `${base}/zips/${type}/${slug}/${release.version}.zip`,
    short_description: `The ${slug} test ${type === 'plugins' ? 'plugin' : 'theme'}.`,
    sections: {},
  });

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://directory');
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      const json = (body: unknown) => {
        const text = Buffer.from(JSON.stringify(body));
        response
          .writeHead(200, { 'content-type': 'application/json', 'content-length': text.length })
          .end(text);
      };
      const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      if (url.pathname === '/health') return json({ ok: true });
      const core = /^\/core\/([a-z0-9-]+)\.tar\.gz$/.exec(url.pathname);
      const coreFile = core ? cores.get(core[1]!) : undefined;
      if (coreFile) {
        response
          .writeHead(200, { 'content-type': 'application/gzip', 'content-length': coreFile.length })
          .end(coreFile);
        return;
      }
      if (url.pathname === '/wordpress.tar.gz') {
        const file = readFileSync(tarball.file);
        response
          .writeHead(200, { 'content-type': 'application/gzip', 'content-length': file.length })
          .end(file);
        return;
      }
      const zip = /^\/zips\/(plugins|themes)\/([a-z0-9-]+)\/([0-9.]+)\.zip$/.exec(url.pathname);
      if (zip) {
        const release = (zip[1] === 'plugins' ? plugins : themes).get(`${zip[2]}@${zip[3]}`);
        if (!release) return response.writeHead(404).end();
        // A length, not chunks: WordPress streams downloads to a file as they come.
        response
          .writeHead(200, { 'content-type': 'application/zip', 'content-length': release.zip.length })
          .end(release.zip);
        return;
      }
      const info = /^\/(plugins|themes)\/info\/1\.[0-9]\/?$/.exec(url.pathname);
      if (info) {
        const type = info[1] as 'plugins' | 'themes';
        const list = type === 'plugins' ? plugins : themes;
        const action = url.searchParams.get('action');
        const latest = (slug: string) => list.get(`${slug}@latest`);
        if (action === 'plugin_information' || action === 'theme_information') {
          const slug = url.searchParams.get('request[slug]') ?? '';
          const release = latest(slug);
          if (!release) return json({ error: 'Plugin not found.' });
          return json(infoOf(type, slug, release));
        }
        if (action === 'query_plugins' || action === 'query_themes') {
          const search = (url.searchParams.get('request[search]') ?? '').toLowerCase();
          const found = [...list.entries()]
            .filter(([key]) => key.endsWith('@latest') && key.includes(search))
            .map(([key, release]) => infoOf(type, key.slice(0, -'@latest'.length), release));
          return json({ info: { page: 1, pages: 1, results: found.length }, [type]: found });
        }
        return json({ error: 'unknown action' });
      }
      if (url.pathname === '/plugins/update-check/1.1/') {
        const sent = JSON.parse(body.get('plugins') ?? '{}') as {
          plugins?: Record<string, { Version: string }>;
        };
        const answer: Record<string, unknown> = {};
        for (const [file, data] of Object.entries(sent.plugins ?? {})) {
          const slug = file.split('/')[0]!;
          const release = plugins.get(`${slug}@latest`);
          if (release && release.version !== data.Version) {
            answer[file] = {
              ...infoOf('plugins', slug, release),
              plugin: file,
              new_version: release.version,
              package: `${base}/zips/plugins/${slug}/${release.version}.zip`,
              url: base,
            };
          }
        }
        return json({ plugins: answer, translations: [], no_update: {} });
      }
      if (url.pathname === '/themes/update-check/1.1/') {
        const sent = JSON.parse(body.get('themes') ?? '{}') as {
          themes?: Record<string, { Version: string }>;
        };
        const answer: Record<string, unknown> = {};
        for (const [slug, data] of Object.entries(sent.themes ?? {})) {
          const release = themes.get(`${slug}@latest`);
          if (release && release.version !== data.Version) {
            answer[slug] = {
              theme: slug,
              new_version: release.version,
              package: `${base}/zips/themes/${slug}/${release.version}.zip`,
              url: base,
            };
          }
        }
        return json({ themes: answer, translations: [] });
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '0.0.0.0', resolve));
  const { port } = server.address() as AddressInfo;
  if (options.host) base = `http://${options.host}:${port}`;

  return {
    apiUrlFor: (host) => {
      base = `http://${host}:${port}`;
      return base;
    },
    downloadUrlFor: (host) => `http://${host}:${port}/wordpress.tar.gz`,
    sha256: tarball.sha256,
    serveCore(host, name, file) {
      cores.set(name, file);
      return {
        url: `http://${host}:${port}/core/${name}.tar.gz`,
        sha256: createHash('sha256').update(file).digest('hex'),
      };
    },
    async releasePlugin(slug, version, options = {}) {
      const zip = zipOf([{ name: `${slug}/${slug}.php`, content: pluginSource(slug, version, options) }]);
      const release = { version, zip };
      plugins.set(`${slug}@${version}`, release);
      plugins.set(`${slug}@latest`, release);
    },
    async releaseTheme(slug, version) {
      const zip = zipOf(themeFiles(slug, version));
      const release = { version, zip };
      themes.set(`${slug}@${version}`, release);
      themes.set(`${slug}@latest`, release);
    },
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
