import { z } from 'zod';
import {
  SUPERVISOR_STATES,
  supervisorProgramSchema,
  type SupervisorProgram,
  type SupervisorState,
} from '@hostdeck/contracts/supervisor';
import { InventoryFormatError } from '../inventory.js';

export interface SupervisorInventory {
  /** The supervisor package is installed. */
  installed: boolean;
  /** supervisord answers supervisorctl. */
  running: boolean;
  programs: SupervisorProgram[];
}

const programLineSchema = supervisorProgramSchema.omit({ state: true });

/** Worst first: a program is shown in the state of its most troubled process. */
const STATE_ORDER: readonly SupervisorState[] = [
  'FATAL',
  'BACKOFF',
  'UNKNOWN',
  'EXITED',
  'STOPPING',
  'STARTING',
  'STOPPED',
  'RUNNING',
];

export function programState(processes: readonly { state: SupervisorState }[]): SupervisorState | null {
  if (processes.length === 0) return null;
  return STATE_ORDER.find((state) => processes.some((process) => process.state === state)) ?? null;
}

/**
 * Parses scripts/supervisor/inventory.sh's stdout: `supervisor<TAB>0|1<TAB>0|1`, one
 * `program<TAB>{json}` per program, then `end`. Anything else throws InventoryFormatError.
 */
export function parseSupervisorInventory(stdout: string): SupervisorInventory {
  const lines = stdout.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const fail = (message: string): never => {
    throw new InventoryFormatError(`the Supervisor inventory could not be read: ${message}`);
  };
  let header: { installed: boolean; running: boolean } | undefined;
  let ended = false;
  const programs: SupervisorProgram[] = [];
  const names = new Set<string>();
  for (const [index, line] of lines.entries()) {
    const where = `line ${index + 1}`;
    if (ended) fail(`${where} follows the end`);
    const tab = line.indexOf('\t');
    const kind = tab === -1 ? line : line.slice(0, tab);
    const rest = tab === -1 ? '' : line.slice(tab + 1);
    switch (kind) {
      case 'supervisor': {
        const match = /^([01])\t([01])$/.exec(rest);
        if (!match || header) fail(`${where}: bad supervisor line`);
        header = { installed: match![1] === '1', running: match![2] === '1' };
        break;
      }
      case 'program': {
        let parsed: unknown;
        try {
          parsed = JSON.parse(rest);
        } catch {
          fail(`${where}: not JSON`);
        }
        const result = programLineSchema.safeParse(parsed);
        if (!result.success) fail(`${where}: ${result.error.message}`);
        const program = result.data!;
        if (names.has(program.name)) fail(`${where}: ${program.name} appears twice`);
        names.add(program.name);
        programs.push({ ...program, state: programState(program.processes) });
        break;
      }
      case 'end':
        if (tab !== -1) fail(`${where}: bad end`);
        ended = true;
        break;
      default:
        fail(`${where} is not part of the inventory`);
    }
  }
  if (!ended) fail('the output ends early');
  if (!header) fail('the supervisor line is missing');
  programs.sort((a, b) => Number(b.managed) - Number(a.managed) || a.name.localeCompare(b.name));
  return { ...header!, programs };
}

export const supervisorStateSchema = z.enum(SUPERVISOR_STATES);
