import { createHash } from 'node:crypto';
import { buildTar } from './archives.js';

/**
 * A minimal image in the `docker save` format, made in Node for the tests that `docker load` it
 * on a test server (Engine API `POST /images/load`, or `docker load -i` in test setup).
 *
 * Layout (what `docker load` of Docker 20.10 reads): `manifest.json` naming the config JSON, the
 * repo tags and the layer tars; the config `<sha256>.json` whose `rootfs.diff_ids` are the sha256
 * of each (uncompressed) layer tar; one layer `<sha256>/layer.tar` holding a small file, plus the
 * legacy `VERSION` and `json` files and a `repositories` file so older loaders accept it too.
 */
export interface DockerImageTarballOptions {
  /** Tag(s) such as `hostdeck-test:1`; none makes an untagged (dangling once loaded) image. */
  tags?: string[];
  /** Content of `/hello.txt` in the layer; vary it to make distinct images. */
  content?: string;
  /** The image's command (needed for `docker create`; containers can't start on test servers). */
  cmd?: string[];
  /** Labels in the image config. */
  labels?: Record<string, string>;
  /** More files in the layer (their folders are added), e.g. a static binary to run. */
  files?: { path: string; content: Buffer | string; mode?: number }[];
  /** The image's entry point. */
  entrypoint?: string[];
}

export interface DockerImageTarball {
  tarball: Buffer;
  /** `sha256:<hex>` — the image id Docker reports after loading. */
  imageId: string;
  /** `sha256:<hex>` — the layer's diff id. */
  diffId: string;
  tags: string[];
}

function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

export function buildDockerImageTarball(options: DockerImageTarballOptions = {}): DockerImageTarball {
  const tags = options.tags ?? ['hostdeck-test:latest'];
  const content = options.content ?? 'hello from hostdeck\n';
  const mtime = new Date(0);

  const folders = new Set<string>();
  for (const file of options.files ?? []) {
    const parts = file.path.split('/').slice(0, -1);
    parts.forEach((_, index) => folders.add(`${parts.slice(0, index + 1).join('/')}/`));
  }
  folders.delete('etc/');
  const layerTar = buildTar([
    { path: 'hello.txt', content, mode: 0o644, mtime },
    { path: 'etc/', type: 'Directory', mode: 0o755, mtime },
    { path: 'etc/hostdeck-test', content: 'test image\n', mode: 0o644, mtime },
    ...[...folders]
      .sort()
      .map((folder) => ({ path: folder, type: 'Directory' as const, mode: 0o755, mtime })),
    ...(options.files ?? []).map((file) => ({
      path: file.path,
      content: file.content,
      mode: file.mode ?? 0o644,
      mtime,
    })),
  ]);
  const layerHex = sha256(layerTar);
  const diffId = `sha256:${layerHex}`;

  const created = '1970-01-01T00:00:00Z';
  const config = {
    architecture: 'amd64',
    os: 'linux',
    created,
    config: {
      Env: ['PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'],
      Cmd: options.cmd ?? ['/hello'],
      ...(options.entrypoint ? { Entrypoint: options.entrypoint } : {}),
      Labels: options.labels ?? null,
    },
    rootfs: { type: 'layers', diff_ids: [diffId] },
    history: [{ created, created_by: 'hostdeck tools/testing/docker-image-tarball.ts' }],
  };
  const configJson = JSON.stringify(config);
  const configHex = sha256(configJson);
  const configName = `${configHex}.json`;

  // The legacy per-layer v1 id (any 64-hex works for the loader; derive it from the layer).
  const layerId = sha256(`layer:${layerHex}`);
  const layerJson = JSON.stringify({ id: layerId, created, container_config: { Cmd: null }, os: 'linux' });

  const manifest = [
    { Config: configName, RepoTags: tags.length > 0 ? tags : null, Layers: [`${layerId}/layer.tar`] },
  ];
  const repositories: Record<string, Record<string, string>> = {};
  for (const tag of tags) {
    const colon = tag.lastIndexOf(':');
    const repository = colon > tag.lastIndexOf('/') ? tag.slice(0, colon) : tag;
    const version = colon > tag.lastIndexOf('/') ? tag.slice(colon + 1) : 'latest';
    repositories[repository] = { ...repositories[repository], [version]: layerId };
  }

  const entries = [
    { path: `${layerId}/`, type: 'Directory' as const, mode: 0o755, mtime },
    { path: `${layerId}/VERSION`, content: '1.0', mtime },
    { path: `${layerId}/json`, content: layerJson, mtime },
    { path: `${layerId}/layer.tar`, content: layerTar, mtime },
    { path: configName, content: configJson, mtime },
    { path: 'manifest.json', content: JSON.stringify(manifest), mtime },
  ];
  if (tags.length > 0) entries.push({ path: 'repositories', content: JSON.stringify(repositories), mtime });

  return { tarball: buildTar(entries), imageId: `sha256:${configHex}`, diffId, tags };
}
