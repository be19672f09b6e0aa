// Test support (used by no production code). The real mtg release cannot be downloaded here (no
// GitHub), so server tests serve this STAND-IN from the host instead: a small Perl program (perl-base
// is on every Debian) that is honest about what it is. It reads the same mtg.toml as mtg v2
// (`secret`, `bind-to`), refuses what mtg would refuse in it, answers `--version` and `access`, and
// for `run` listens on `bind-to`, logging each connection. It proxies nothing.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const MTG_STAND_IN_VERSION = 'mtg stand-in 2.1.7 (HostDeck test double, not a proxy)';

const STAND_IN = String.raw`#!/usr/bin/perl
# HostDeck TEST STAND-IN for mtg (github.com/9seconds/mtg). NOT an MTProto proxy: it reads the same
# mtg.toml (secret, bind-to) and listens on bind-to, so tests can check the service around it.
use strict;
use warnings;
use IO::Socket::INET;
$| = 1;
my ($command, @args) = @ARGV;
$command = '' unless defined $command;
if ($command eq '--version') { print "${MTG_STAND_IN_VERSION}\n"; exit 0; }
sub read_config {
  my ($file) = @_;
  open(my $in, '<', $file) or die "cannot read $file: $!\n";
  my %config;
  while (my $line = <$in>) {
    next if $line =~ /^\s*(#.*)?$/;
    if ($line =~ /^\s*([a-z-]+)\s*=\s*"([^"]*)"\s*$/) { $config{$1} = $2; }
    else { die "invalid TOML line: $line"; }
  }
  die "secret is missing\n" unless defined $config{secret};
  die "invalid FakeTLS secret\n" unless $config{secret} =~ /^ee[0-9a-f]{34,}$/;
  die "invalid bind-to\n" unless defined $config{'bind-to'} && $config{'bind-to'} =~ /^([0-9.]+):([0-9]+)$/;
  return %config;
}
sub domain_of { my ($secret) = @_; return pack('H*', substr($secret, 34)); }
if ($command eq 'access') {
  my %config = read_config($args[-1]);
  my ($port) = $config{'bind-to'} =~ /:([0-9]+)$/;
  print "{\"port\": $port, \"domain\": \"", domain_of($config{secret}), "\"}\n";
  exit 0;
}
if ($command eq 'run') {
  my %config = read_config($args[0]);
  my ($host, $port) = $config{'bind-to'} =~ /^(.*):([0-9]+)$/;
  my $server = IO::Socket::INET->new(LocalAddr => $host, LocalPort => $port, Listen => 16, ReuseAddr => 1, Proto => 'tcp')
    or die "cannot listen on $config{'bind-to'}: $!\n";
  print "stand-in mtg listening on $config{'bind-to'}, FakeTLS domain ", domain_of($config{secret}), "\n";
  while (my $client = $server->accept) { print "connection from ", $client->peerhost, "\n"; close $client; }
  exit 0;
}
die "unknown command $command\n";
`;

export interface MtgMirror {
  /** The MTPROXY_DOWNLOAD_URL for a server that reaches the host at `host` (`{arch}` kept). */
  urlFor(host: string): string;
  /** How many times the tarball was downloaded. */
  downloads(): number;
  stop(): Promise<void>;
}

/**
 * Makes `mtg-2.1.7-linux-{amd64,arm64}.tar.gz` holding the stand-in as mtg's release does
 * (`mtg-2.1.7-linux-ARCH/mtg`), and serves them from a static HTTP server on 0.0.0.0 (a free port).
 */
export async function startMtgMirror(): Promise<MtgMirror> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-mtg-mirror-'));
  const files = new Map<string, Buffer>();
  for (const arch of ['amd64', 'arm64']) {
    const name = `mtg-2.1.7-linux-${arch}`;
    mkdirSync(path.join(directory, name));
    writeFileSync(path.join(directory, name, 'mtg'), STAND_IN, { mode: 0o755 });
    execFileSync('tar', ['-czf', `${name}.tar.gz`, name], { cwd: directory });
    files.set(`/${name}.tar.gz`, readFileSync(path.join(directory, `${name}.tar.gz`)));
  }
  let count = 0;
  const server: Server = createServer((request, response) => {
    const file = files.get(request.url ?? '');
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    count += 1;
    response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': file.length }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlFor: (host) => `http://${host}:${port}/mtg-2.1.7-linux-{arch}.tar.gz`,
    downloads: () => count,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
