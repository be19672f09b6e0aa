import { z } from 'zod';
import { APPLICATION_NAMES, type ApplicationName } from '@hostdeck/contracts/applications';
import { defineRecipe } from '../recipe.js';
import { InventoryFormatError } from '../inventory.js';
import { APPLICATION_CATALOGUE, probeText } from './catalogue.js';

export { InventoryFormatError };

/**
 * The read-only inventory the panel runs itself (not as an event) each time it lists a server's
 * applications: installed versions and service states are read from the server every time
 * (spec/000 §3, real-server truth). It changes nothing, takes no input, and receives the
 * catalogue as `HD_APPLICATIONS`: one `NAME<TAB>PROBE<TAB>SERVICE<TAB>RESTART_UNIT<TAB>INSTANCES`
 * line per application, `-` for none.
 */
export const applicationInventory = defineRecipe({
  id: 'application-inventory',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read the installed applications',
      script: 'inventory/applications.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: () => ({ HD_APPLICATIONS: inventoryLines() }),
  example: {},
});

function inventoryLines(): string {
  return APPLICATION_NAMES.map((name) => {
    const definition = APPLICATION_CATALOGUE[name];
    return [
      name,
      probeText(definition.probe),
      definition.service,
      definition.restartUnit,
      definition.instances,
    ]
      .map((field) => field ?? '-')
      .join('\t');
  }).join('\n');
}

/** One application as the server reported it. */
export interface InventoryEntry {
  name: ApplicationName;
  installed: boolean;
  /** The version as the package manager (or npm, or the version file) has it, e.g. `1:10.11.6-0+deb12u1`. */
  rawVersion: string | null;
  /** systemd ActiveState (`active`, `inactive`, `failed`…); null without a service or when not installed. */
  serviceState: string | null;
  autoRestart: boolean;
}

export interface ApplicationInventory {
  /** `debian-12`, `ubuntu-24.04`… from /etc/os-release. */
  os: string;
  /** `amd64`, `arm64`… from dpkg. */
  architecture: string;
  applications: Map<ApplicationName, InventoryEntry>;
}

const SERVICE_STATES = new Set([
  'active',
  'inactive',
  'failed',
  'activating',
  'deactivating',
  'reloading',
  'maintenance',
  'refreshing',
]);
const OS_PATTERN = /^[a-z][a-z0-9._-]*-[0-9a-z._~-]*$/;
const ARCHITECTURE_PATTERN = /^[a-z0-9-]+$/;
// Debian versions (epoch, upstream, revision), npm versions, git commits.
const VERSION_PATTERN = /^[A-Za-z0-9.+:~_-]{1,100}$/;

/**
 * Parses the inventory's stdout, strictly: `os`, `arch`, one `app` line per catalogue entry
 * (`app<TAB>NAME<TAB>0|1<TAB>VERSION|-<TAB>STATE|-<TAB>0|1`), then `end`. Anything else (a missing
 * or repeated application, an unknown state, a line after `end`) throws InventoryFormatError.
 */
export function parseApplicationInventory(stdout: string): ApplicationInventory {
  const lines = stdout.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const fail = (message: string): never => {
    throw new InventoryFormatError(`the application inventory could not be read: ${message}`);
  };
  let os: string | undefined;
  let architecture: string | undefined;
  let ended = false;
  const applications = new Map<ApplicationName, InventoryEntry>();
  for (const [index, line] of lines.entries()) {
    const where = `line ${index + 1}`;
    if (ended) fail(`${where} follows the end`);
    const fields = line.split('\t');
    switch (fields[0]) {
      case 'os':
        if (fields.length !== 2 || os !== undefined || !OS_PATTERN.test(fields[1]!)) fail(`${where}: bad os`);
        os = fields[1]!;
        break;
      case 'arch':
        if (fields.length !== 2 || architecture !== undefined || !ARCHITECTURE_PATTERN.test(fields[1]!))
          fail(`${where}: bad arch`);
        architecture = fields[1]!;
        break;
      case 'app': {
        const entry = parseApplicationLine(fields) ?? fail(`${where}: bad app line`);
        if (applications.has(entry.name)) fail(`${where}: ${entry.name} appears twice`);
        applications.set(entry.name, entry);
        break;
      }
      case 'end':
        if (fields.length !== 1) fail(`${where}: bad end`);
        ended = true;
        break;
      default:
        fail(`${where} is not part of the inventory`);
    }
  }
  if (!ended) fail('the output ends early');
  if (os === undefined || architecture === undefined) fail('the system is missing');
  const missing = APPLICATION_NAMES.filter((name) => !applications.has(name));
  if (missing.length > 0) fail(`missing ${missing.join(', ')}`);
  return { os: os!, architecture: architecture!, applications };
}

function parseApplicationLine(fields: string[]): InventoryEntry | null {
  if (fields.length !== 6) return null;
  const [, name, installed, version, state, autoRestart] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!(APPLICATION_NAMES as readonly string[]).includes(name)) return null;
  if (!/^[01]$/.test(installed) || !/^[01]$/.test(autoRestart)) return null;
  if (version !== '-' && !VERSION_PATTERN.test(version)) return null;
  if (state !== '-' && !SERVICE_STATES.has(state)) return null;
  const isInstalled = installed === '1';
  // A version without the application (or the reverse) is not something the script prints.
  if (isInstalled !== (version !== '-')) return null;
  return {
    name: name as ApplicationName,
    installed: isInstalled,
    rawVersion: isInstalled ? version : null,
    serviceState: state === '-' ? null : state,
    autoRestart: autoRestart === '1',
  };
}

/**
 * The version people know from a package version: without the epoch (`1:`), the Debian revision
 * (`-0+deb12u1`) and repackaging suffixes (`+dfsg1`, `~ds1`). `1:10.11.6-0+deb12u1` → `10.11.6`.
 */
export function displayVersion(raw: string): string {
  let version = raw.replace(/^\d+:/, '');
  const revision = version.lastIndexOf('-');
  if (revision > 0) version = version.slice(0, revision);
  const suffix = version.search(/[+~]/);
  if (suffix > 0) version = version.slice(0, suffix);
  return version;
}
