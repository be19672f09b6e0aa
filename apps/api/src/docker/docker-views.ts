import type Docker from 'dockerode';
import type {
  DockerImage,
  DockerNetwork,
  DockerPublishedPort,
  DockerVolume,
} from '@hostdeck/contracts/docker';

/**
 * What the page shows, computed from the Engine's own answers (pure functions, so the unit tests
 * feed them recorded JSON): which images and volumes are unused, which containers use what.
 * "Used" counts containers in any state (a created or stopped container still holds its image,
 * volumes and networks), which is what keeps a prune from taking them.
 */
export interface EngineSnapshot {
  containers: Docker.ContainerInfo[];
  images?: Docker.ImageInfo[];
  volumes?: Docker.VolumeInspectInfo[];
  /** `/system/df` volume sizes by name. */
  volumeSizes?: Map<string, number | null>;
  networks?: Docker.NetworkInspectInfo[];
}

export const BUILTIN_NETWORKS = new Set(['bridge', 'host', 'none']);
const ANONYMOUS_VOLUME = /^[a-f0-9]{64}$/;

const containerName = (container: Docker.ContainerInfo) =>
  (container.Names?.[0] ?? container.Id.slice(0, 12)).replace(/^\//, '');

const realTags = (image: Docker.ImageInfo) => (image.RepoTags ?? []).filter((tag) => tag !== '<none>:<none>');

export function presentImages(snapshot: EngineSnapshot): DockerImage[] {
  const uses = new Map<string, number>();
  for (const container of snapshot.containers)
    uses.set(container.ImageID, (uses.get(container.ImageID) ?? 0) + 1);
  return (snapshot.images ?? [])
    .map((image) => {
      const containers = uses.get(image.Id) ?? 0;
      const tags = realTags(image);
      return {
        id: image.Id,
        tags,
        size: image.Size,
        created: image.Created,
        containers,
        unused: containers === 0,
        dangling: tags.length === 0,
      };
    })
    .sort((a, b) => b.created - a.created || a.id.localeCompare(b.id));
}

/** The images a prune takes: unused and dangling, or every unused one with `all`. */
export function imagesToPrune(images: DockerImage[], all: boolean): DockerImage[] {
  return images.filter((image) => image.unused && (all || image.dangling));
}

export function presentVolumes(snapshot: EngineSnapshot): DockerVolume[] {
  const users = new Map<string, string[]>();
  for (const container of snapshot.containers) {
    for (const mount of container.Mounts ?? []) {
      if (mount.Type !== 'volume' || !mount.Name) continue;
      users.set(mount.Name, [...(users.get(mount.Name) ?? []), containerName(container)]);
    }
  }
  return (snapshot.volumes ?? [])
    .map((volume) => ({
      name: volume.Name,
      driver: volume.Driver,
      size: snapshot.volumeSizes?.get(volume.Name) ?? null,
      created: (volume as { CreatedAt?: string }).CreatedAt ?? null,
      anonymous: ANONYMOUS_VOLUME.test(volume.Name),
      containers: (users.get(volume.Name) ?? []).sort(),
    }))
    .sort((a, b) => Number(a.anonymous) - Number(b.anonymous) || a.name.localeCompare(b.name));
}

/** The volumes a prune takes: those no container (in any state) mounts. */
export function volumesToPrune(volumes: DockerVolume[]): DockerVolume[] {
  return volumes.filter((volume) => volume.containers.length === 0);
}

export function presentNetworks(snapshot: EngineSnapshot): DockerNetwork[] {
  const users = new Map<string, string[]>();
  for (const container of snapshot.containers) {
    const networks = (container.NetworkSettings?.Networks ?? {}) as Record<string, { NetworkID?: string }>;
    for (const [name, endpoint] of Object.entries(networks)) {
      for (const key of new Set([name, endpoint.NetworkID].filter(Boolean) as string[])) {
        users.set(key, [...(users.get(key) ?? []), containerName(container)]);
      }
    }
  }
  return (snapshot.networks ?? [])
    .map((network) => ({
      id: network.Id,
      name: network.Name,
      driver: network.Driver,
      scope: network.Scope,
      builtin: BUILTIN_NETWORKS.has(network.Name),
      containers: [...new Set([...(users.get(network.Id) ?? []), ...(users.get(network.Name) ?? [])])].sort(),
    }))
    .sort((a, b) => Number(b.builtin) - Number(a.builtin) || a.name.localeCompare(b.name));
}

/** The networks a prune takes: the user's own that no container (in any state) is attached to. */
export function networksToPrune(networks: DockerNetwork[]): DockerNetwork[] {
  return networks.filter((network) => !network.builtin && network.containers.length === 0);
}

/** Ports the containers publish on the host: Docker's own iptables rules let them past ufw. */
export function presentPublishedPorts(containers: Docker.ContainerInfo[]): DockerPublishedPort[] {
  const ports: DockerPublishedPort[] = [];
  for (const container of containers) {
    for (const port of container.Ports ?? []) {
      if (!port.PublicPort) continue;
      ports.push({
        container: containerName(container),
        address: port.IP ?? '0.0.0.0',
        port: port.PublicPort,
        container_port: port.PrivatePort,
        protocol: port.Type,
      });
    }
  }
  return ports.sort((a, b) => a.port - b.port || a.address.localeCompare(b.address));
}

/** Reads what every list needs in one go (all requests in parallel, each its own channel). */
export async function readSnapshot(
  docker: Docker,
  parts: { images?: boolean; volumes?: boolean; networks?: boolean },
): Promise<EngineSnapshot> {
  const [containers, images, volumes, df, networks] = await Promise.all([
    docker.listContainers({ all: true }),
    parts.images ? docker.listImages() : undefined,
    parts.volumes ? docker.listVolumes() : undefined,
    parts.volumes
      ? (docker.df() as Promise<{ Volumes?: { Name: string; UsageData?: { Size?: number } }[] }>)
      : undefined,
    parts.networks ? docker.listNetworks() : undefined,
  ]);
  const volumeSizes = new Map<string, number | null>();
  for (const volume of df?.Volumes ?? []) {
    const size = volume.UsageData?.Size;
    volumeSizes.set(volume.Name, typeof size === 'number' && size >= 0 ? size : null);
  }
  return {
    containers,
    ...(images ? { images } : {}),
    ...(volumes ? { volumes: volumes.Volumes ?? [] } : {}),
    volumeSizes,
    ...(networks ? { networks } : {}),
  };
}
