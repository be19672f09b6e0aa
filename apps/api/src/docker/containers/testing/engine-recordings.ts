/**
 * Engine API answers as Docker 20.10 (API 1.41) gives them, for the tests of the code paths that
 * cannot run on a test server (containers cannot start there: cgroups are read-only). The shapes
 * are Docker's own (`GET /containers/json`, `/containers/{id}/json`, `/containers/{id}/stats`,
 * the multiplexed log frames); ids and numbers are from a recorded session on Debian 12,
 * docker.io 20.10.24, cgroup v2.
 */
export const WEB_ID = '3f4e2a9c1b7d8e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f';
export const DB_ID = '9a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9';

export const LIST_CONTAINERS = [
  {
    Id: WEB_ID,
    Names: ['/shop-web-1'],
    Image: 'nginx:1.25',
    ImageID: 'sha256:a8758716bb6aa4d90071160d27028fe4eaee7ce8166221a97d30440c8eac2be6',
    Command: "/docker-entrypoint.sh nginx -g 'daemon off;'",
    Created: 1700000000,
    Ports: [
      { IP: '0.0.0.0', PrivatePort: 80, PublicPort: 8080, Type: 'tcp' },
      { IP: '::', PrivatePort: 80, PublicPort: 8080, Type: 'tcp' },
    ],
    Labels: {
      'com.docker.compose.config-hash': '5d1f0c5d3d0e1a0b',
      'com.docker.compose.container-number': '1',
      'com.docker.compose.oneoff': 'False',
      'com.docker.compose.project': 'shop',
      'com.docker.compose.project.config_files': '/srv/shop/docker-compose.yml',
      'com.docker.compose.project.working_dir': '/srv/shop',
      'com.docker.compose.service': 'web',
      'com.docker.compose.version': '1.29.2',
      maintainer: 'NGINX Docker Maintainers <docker-maint@nginx.com>',
    },
    State: 'running',
    Status: 'Up 2 hours',
    HostConfig: { NetworkMode: 'shop_default' },
    NetworkSettings: {
      Networks: {
        shop_default: {
          IPAMConfig: null,
          Links: null,
          Aliases: null,
          NetworkID: 'b0f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1',
          EndpointID: 'c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2',
          Gateway: '172.18.0.1',
          IPAddress: '172.18.0.2',
          IPPrefixLen: 16,
          IPv6Gateway: '',
          GlobalIPv6Address: '',
          GlobalIPv6PrefixLen: 0,
          MacAddress: '02:42:ac:12:00:02',
          DriverOpts: null,
        },
      },
    },
    Mounts: [],
  },
  {
    Id: DB_ID,
    Names: ['/db'],
    Image: 'postgres:16',
    ImageID: 'sha256:d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1',
    Command: 'docker-entrypoint.sh postgres',
    Created: 1699990000,
    Ports: [{ PrivatePort: 5432, Type: 'tcp' }],
    Labels: {},
    State: 'exited',
    Status: 'Exited (0) 3 days ago',
    HostConfig: { NetworkMode: 'default' },
    NetworkSettings: { Networks: {} },
    Mounts: [
      {
        Type: 'volume',
        Name: 'pgdata',
        Source: '/var/lib/docker/volumes/pgdata/_data',
        Destination: '/var/lib/postgresql/data',
        Driver: 'local',
        Mode: 'z',
        RW: true,
        Propagation: '',
      },
    ],
  },
];

/** `GET /containers/{id}/json` (trimmed of nothing the panel reads; the rest as Docker sends it). */
export function inspectOf(
  id: string,
  name: string,
  state: { Status: string; Running: boolean; Paused: boolean },
  tty = false,
) {
  return {
    Id: id,
    Created: '2023-11-14T22:13:20.123456789Z',
    Path: '/docker-entrypoint.sh',
    Args: ['nginx', '-g', 'daemon off;'],
    State: {
      Status: state.Status,
      Running: state.Running,
      Paused: state.Paused,
      Restarting: false,
      OOMKilled: false,
      Dead: false,
      Pid: state.Running ? 4242 : 0,
      ExitCode: 0,
      Error: '',
      StartedAt: '2023-11-14T22:13:21.5Z',
      FinishedAt: '0001-01-01T00:00:00Z',
    },
    Image: 'sha256:a8758716bb6aa4d90071160d27028fe4eaee7ce8166221a97d30440c8eac2be6',
    ResolvConfPath: `/var/lib/docker/containers/${id}/resolv.conf`,
    HostnamePath: `/var/lib/docker/containers/${id}/hostname`,
    HostsPath: `/var/lib/docker/containers/${id}/hosts`,
    LogPath: `/var/lib/docker/containers/${id}/${id}-json.log`,
    Name: `/${name}`,
    RestartCount: 0,
    Driver: 'overlay2',
    Platform: 'linux',
    MountLabel: '',
    ProcessLabel: '',
    AppArmorProfile: 'docker-default',
    ExecIDs: null,
    HostConfig: {
      Binds: null,
      LogConfig: { Type: 'json-file', Config: {} },
      NetworkMode: 'default',
      PortBindings: { '80/tcp': [{ HostIp: '', HostPort: '8080' }] },
      RestartPolicy: { Name: 'no', MaximumRetryCount: 0 },
      AutoRemove: false,
    },
    Mounts: [],
    Config: {
      Hostname: id.slice(0, 12),
      Domainname: '',
      User: '',
      AttachStdin: false,
      AttachStdout: true,
      AttachStderr: true,
      ExposedPorts: { '80/tcp': {} },
      Tty: tty,
      OpenStdin: false,
      StdinOnce: false,
      Env: ['PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', 'NGINX_VERSION=1.25.3'],
      Cmd: ['nginx', '-g', 'daemon off;'],
      Image: 'nginx:1.25',
      Volumes: null,
      WorkingDir: '',
      Entrypoint: ['/docker-entrypoint.sh'],
      OnBuild: null,
      Labels: { maintainer: 'NGINX Docker Maintainers <docker-maint@nginx.com>' },
      StopSignal: 'SIGQUIT',
    },
    NetworkSettings: {
      Bridge: '',
      SandboxID: '',
      Ports: {},
      IPAddress: '172.17.0.2',
      Networks: {},
    },
  };
}

/**
 * Two consecutive samples of `GET /containers/{id}/stats?stream=1` (cgroup v2: no percpu_usage,
 * `inactive_file` in memory stats). Between them: 0.1 s of CPU in 1 s of 4 CPUs (4 s of CPU time): 10 % as docker stats shows it
 * (100 % is one whole CPU).
 */
export const STATS_SAMPLES = [
  {
    read: '2023-11-14T22:20:00.000000001Z',
    preread: '0001-01-01T00:00:00Z',
    pids_stats: { current: 3, limit: 4611 },
    blkio_stats: {
      io_service_bytes_recursive: [
        { major: 254, minor: 0, op: 'read', value: 12_288_000 },
        { major: 254, minor: 0, op: 'write', value: 4096 },
      ],
      io_serviced_recursive: null,
      io_queue_recursive: null,
      io_service_time_recursive: null,
      io_wait_time_recursive: null,
      io_merged_recursive: null,
      io_time_recursive: null,
      sectors_recursive: null,
    },
    num_procs: 0,
    storage_stats: {},
    cpu_stats: {
      cpu_usage: {
        total_usage: 1_000_000_000,
        usage_in_kernelmode: 300_000_000,
        usage_in_usermode: 700_000_000,
      },
      system_cpu_usage: 500_000_000_000_000,
      online_cpus: 4,
      throttling_data: { periods: 0, throttled_periods: 0, throttled_time: 0 },
    },
    precpu_stats: {
      cpu_usage: { total_usage: 0, usage_in_kernelmode: 0, usage_in_usermode: 0 },
      throttling_data: { periods: 0, throttled_periods: 0, throttled_time: 0 },
    },
    memory_stats: {
      usage: 10_485_760,
      stats: { active_anon: 4096, anon: 6_291_456, file: 4_194_304, inactive_file: 2_097_152, pgfault: 2871 },
      limit: 2_147_483_648,
    },
    name: '/shop-web-1',
    id: WEB_ID,
    networks: {
      eth0: {
        rx_bytes: 1_500,
        rx_packets: 18,
        rx_errors: 0,
        rx_dropped: 0,
        tx_bytes: 700,
        tx_packets: 9,
        tx_errors: 0,
        tx_dropped: 0,
      },
    },
  },
  {
    read: '2023-11-14T22:20:01.000000001Z',
    preread: '2023-11-14T22:20:00.000000001Z',
    pids_stats: { current: 3, limit: 4611 },
    blkio_stats: {
      io_service_bytes_recursive: [
        { major: 254, minor: 0, op: 'read', value: 12_288_000 },
        { major: 254, minor: 0, op: 'write', value: 8192 },
      ],
    },
    cpu_stats: {
      cpu_usage: {
        total_usage: 1_100_000_000,
        usage_in_kernelmode: 320_000_000,
        usage_in_usermode: 780_000_000,
      },
      system_cpu_usage: 500_004_000_000_000,
      online_cpus: 4,
      throttling_data: { periods: 0, throttled_periods: 0, throttled_time: 0 },
    },
    precpu_stats: {
      cpu_usage: {
        total_usage: 1_000_000_000,
        usage_in_kernelmode: 300_000_000,
        usage_in_usermode: 700_000_000,
      },
      system_cpu_usage: 500_000_000_000_000,
      online_cpus: 4,
      throttling_data: { periods: 0, throttled_periods: 0, throttled_time: 0 },
    },
    memory_stats: {
      usage: 10_485_760,
      stats: { active_anon: 4096, anon: 6_291_456, file: 4_194_304, inactive_file: 2_097_152, pgfault: 2871 },
      limit: 2_147_483_648,
    },
    name: '/shop-web-1',
    id: WEB_ID,
    networks: {
      eth0: {
        rx_bytes: 3_000,
        rx_packets: 30,
        rx_errors: 0,
        rx_dropped: 0,
        tx_bytes: 1_200,
        tx_packets: 15,
        tx_errors: 0,
        tx_dropped: 0,
      },
      eth1: {
        rx_bytes: 100,
        rx_packets: 1,
        rx_errors: 0,
        rx_dropped: 0,
        tx_bytes: 50,
        tx_packets: 1,
        tx_errors: 0,
        tx_dropped: 0,
      },
    },
  },
];

/** One multiplexed log frame: `[stream, 0, 0, 0, size BE]` + payload (1 stdout, 2 stderr). */
export function logFrame(stream: 1 | 2, payload: string): Buffer {
  const body = Buffer.from(payload, 'utf8');
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** The start of nginx's log with `timestamps=1`, as frames. */
export const LOG_FRAMES = [
  logFrame(
    1,
    '2023-11-14T22:13:21.500000000Z /docker-entrypoint.sh: Configuration complete; ready for start up\n',
  ),
  logFrame(2, '2023-11-14T22:13:21.600000000Z 2023/11/14 22:13:21 [notice] 1#1: start worker processes\n'),
  // One frame may hold two lines, and a line may span frames.
  logFrame(
    1,
    '2023-11-14T22:14:00.000000000Z 172.17.0.1 - - "GET / HTTP/1.1" 200 615\n2023-11-14T22:14:01.000000000Z 172.17.0.1 - - "GET /missing HTTP/1.1" 404 ',
  ),
  logFrame(1, '153\n'),
  logFrame(
    2,
    '2023-11-14T22:14:01.100000000Z 2023/11/14 22:14:01 [error] 29#29: *2 open() "/usr/share/nginx/html/missing" failed\n',
  ),
];
