import type Docker from 'dockerode';
import { describe, expect, it } from 'vitest';
import {
  imagesToPrune,
  networksToPrune,
  presentImages,
  presentNetworks,
  presentPublishedPorts,
  presentVolumes,
  volumesToPrune,
} from './docker-views.js';

// Shapes as Docker 20.10 (API 1.41) answers `GET /containers/json?all=1`, `/images/json`,
// `/volumes`, `/networks` (trimmed to the fields the views read).
const containers = [
  {
    Id: 'c1'.repeat(32),
    Names: ['/keep'],
    ImageID: 'sha256:' + 'a'.repeat(64),
    State: 'created',
    Mounts: [
      { Type: 'volume', Name: 'used', Destination: '/data' },
      { Type: 'bind', Source: '/srv', Destination: '/srv' },
    ],
    Ports: [
      { IP: '0.0.0.0', PrivatePort: 80, PublicPort: 8080, Type: 'tcp' },
      { PrivatePort: 443, Type: 'tcp' },
    ],
    NetworkSettings: { Networks: { 'hd-b': { NetworkID: 'n2'.repeat(32) } } },
  },
] as unknown as Docker.ContainerInfo[];

describe('docker views', () => {
  it('marks images used by any container, and untagged ones dangling', () => {
    const images = presentImages({
      containers,
      images: [
        { Id: 'sha256:' + 'a'.repeat(64), RepoTags: ['app:1'], Size: 10, Created: 2 },
        { Id: 'sha256:' + 'b'.repeat(64), RepoTags: ['<none>:<none>'], Size: 5, Created: 1 },
        { Id: 'sha256:' + 'c'.repeat(64), RepoTags: ['old:1'], Size: 5, Created: 0 },
      ] as Docker.ImageInfo[],
    });
    expect(images.map((image) => [image.tags, image.containers, image.unused, image.dangling])).toEqual([
      [['app:1'], 1, false, false],
      [[], 0, true, true],
      [['old:1'], 0, true, false],
    ]);
    expect(imagesToPrune(images, false).map((image) => image.id)).toEqual(['sha256:' + 'b'.repeat(64)]);
    expect(imagesToPrune(images, true)).toHaveLength(2);
  });

  it('names the containers using each volume, and never prunes one in use', () => {
    const volumes = presentVolumes({
      containers,
      volumes: [
        { Name: 'used', Driver: 'local', Mountpoint: '/var/lib/docker/volumes/used/_data' },
        { Name: 'spare', Driver: 'local', Mountpoint: '/x' },
        { Name: 'f'.repeat(64), Driver: 'local', Mountpoint: '/y' },
      ] as Docker.VolumeInspectInfo[],
      volumeSizes: new Map([
        ['used', 4096],
        ['spare', null],
      ]),
    });
    expect(volumes.map((volume) => [volume.name, volume.containers, volume.size, volume.anonymous])).toEqual([
      ['spare', [], null, false],
      ['used', ['keep'], 4096, false],
      ['f'.repeat(64), [], null, true],
    ]);
    expect(volumesToPrune(volumes).map((volume) => volume.name)).toEqual(['spare', 'f'.repeat(64)]);
  });

  it('keeps Docker’s own networks and those a created container is attached to', () => {
    const networks = presentNetworks({
      containers,
      networks: [
        { Id: 'n1'.repeat(32), Name: 'bridge', Driver: 'bridge', Scope: 'local' },
        { Id: 'n2'.repeat(32), Name: 'hd-b', Driver: 'bridge', Scope: 'local' },
        { Id: 'n3'.repeat(32), Name: 'hd-a', Driver: 'bridge', Scope: 'local' },
      ] as Docker.NetworkInspectInfo[],
    });
    expect(networks.find((network) => network.name === 'hd-b')!.containers).toEqual(['keep']);
    expect(networksToPrune(networks).map((network) => network.name)).toEqual(['hd-a']);
  });

  it('lists only the ports published on the host', () => {
    expect(presentPublishedPorts(containers)).toEqual([
      { container: 'keep', address: '0.0.0.0', port: 8080, container_port: 80, protocol: 'tcp' },
    ]);
  });
});
