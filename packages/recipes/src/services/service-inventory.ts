import { z } from 'zod';
import { SERVICE_UNIT_MARKER } from '@hostdeck/contracts/services';
import { InventoryFormatError } from '../inventory.js';
import { defineRecipe } from '../recipe.js';

/**
 * The read-only inventory the panel runs each time it lists a server's services (never as an
 * event): every service unit file and loaded service with its states, main PID and description,
 * and which unit files the panel made (scripts/services/inventory.sh).
 */
export const serviceInventory = defineRecipe({
  id: 'service-inventory',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read the services',
      script: 'services/inventory.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: () => ({ HD_MARKER: SERVICE_UNIT_MARKER }),
  example: {},
});

/** One service as systemd reported it. */
export interface InventoryService {
  /** The unit name without `.service`. */
  name: string;
  description: string;
  loadState: string;
  activeState: string;
  subState: string;
  /** null when systemd has none (an instance, a generated or transient unit). */
  unitFileState: string | null;
  mainPid: number | null;
  managed: boolean;
}

const HEADER = 'hostdeck-services 1';
const WORD = /^[a-z-]*$/;

/**
 * Reads the inventory's lines; anything else (a truncated or foreign output) is an
 * InventoryFormatError. Units systemd does not find (`not-found`: only referenced) are left out.
 */
export function parseServiceInventory(stdout: string): InventoryService[] {
  const lines = stdout.split('\n').filter((line) => line !== '');
  if (lines[0] !== HEADER) throw new InventoryFormatError('the services inventory has no header');
  const managed = new Set<string>();
  const services = new Map<string, InventoryService>();
  for (const line of lines.slice(1)) {
    const fields = line.split('\t');
    if (fields[0] === 'managed' && fields.length === 2) {
      managed.add(fields[1]!);
      continue;
    }
    if (fields[0] !== 'unit' || fields.length !== 8) {
      throw new InventoryFormatError(
        `unexpected services inventory line ${JSON.stringify(line.slice(0, 80))}`,
      );
    }
    const [, id, load, active, sub, file, pid, description] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (!id.endsWith('.service') || ![load, active, sub, file].every((word) => WORD.test(word))) {
      throw new InventoryFormatError(`unexpected service ${JSON.stringify(id.slice(0, 80))}`);
    }
    if (!/^\d*$/.test(pid)) throw new InventoryFormatError(`unexpected main PID ${JSON.stringify(pid)}`);
    if (load === 'not-found' || load === '') continue;
    const name = id.slice(0, -'.service'.length);
    const mainPid = pid === '' ? 0 : Number(pid);
    services.set(name, {
      name,
      description,
      loadState: load,
      activeState: active,
      subState: sub,
      unitFileState: file === '' ? null : file,
      mainPid: mainPid > 0 ? mainPid : null,
      managed: false,
    });
  }
  for (const name of managed) {
    const service = services.get(name);
    if (service) service.managed = true;
  }
  return [...services.values()].sort((a, b) => a.name.localeCompare(b.name));
}
