import {
  SUPERVISOR_MESSAGES,
  createSupervisorProgramRequestSchema,
  type CreateSupervisorProgramRequest,
  type SupervisorProgram,
} from '@hostdeck/contracts/supervisor';

/** The form's values, as text where the user types. */
export interface ProgramFormValues {
  name: string;
  command: string;
  directory: string;
  user: string;
  numprocs: string;
  autostart: boolean;
  autorestart: 'true' | 'false' | 'unexpected';
  startsecs: string;
  stopwaitsecs: string;
  stopsignal: CreateSupervisorProgramRequest['stopsignal'];
  environment: { key: string; value: string }[];
}

export const emptyProgramForm = (user: string): ProgramFormValues => ({
  name: '',
  command: '',
  directory: `/home/${user}`,
  user,
  numprocs: '1',
  autostart: true,
  autorestart: 'true',
  startsecs: '1',
  stopwaitsecs: '10',
  stopsignal: 'TERM',
  environment: [],
});

export function programFormOf(program: SupervisorProgram): ProgramFormValues {
  return {
    name: program.name,
    command: program.command ?? '',
    directory: program.directory ?? '/',
    user: program.user ?? '',
    numprocs: String(program.numprocs),
    autostart: program.autostart,
    autorestart:
      (['true', 'false', 'unexpected'] as const).find((v) => v === program.autorestart) ?? 'unexpected',
    startsecs: String(program.startsecs),
    stopwaitsecs: String(program.stopwaitsecs),
    stopsignal:
      (['TERM', 'HUP', 'INT', 'QUIT', 'KILL', 'USR1', 'USR2'] as const).find(
        (s) => s === program.stopsignal,
      ) ?? 'TERM',
    environment: program.environment.map((pair) => ({ ...pair })),
  };
}

const toNumber = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The message keys of the page's catalogue (`supervisor.errors.*`) for the contract's messages. */
export type ProgramErrorKey = keyof typeof SUPERVISOR_MESSAGES | 'required';

/**
 * Checks the form with the contract's own schema (what the API checks again): the request body,
 * or the problems by field (`environment.0.key`), as message keys.
 */
export function checkProgramForm(
  values: ProgramFormValues,
): { body: CreateSupervisorProgramRequest } | { problems: Record<string, ProgramErrorKey> } {
  const candidate = {
    name: values.name,
    command: values.command,
    directory: values.directory,
    user: values.user,
    numprocs: toNumber(values.numprocs),
    autostart: values.autostart,
    autorestart: values.autorestart,
    startsecs: toNumber(values.startsecs),
    stopwaitsecs: toNumber(values.stopwaitsecs),
    stopsignal: values.stopsignal,
    environment: values.environment,
  };
  const parsed = createSupervisorProgramRequestSchema.safeParse(candidate);
  if (parsed.success) return { body: parsed.data };
  const problems: Record<string, ProgramErrorKey> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.');
    if (field in problems) continue;
    const key = (Object.keys(SUPERVISOR_MESSAGES) as (keyof typeof SUPERVISOR_MESSAGES)[]).find(
      (name) => SUPERVISOR_MESSAGES[name] === issue.message,
    );
    problems[field] = key ?? (issue.code === 'too_small' && issue.input === '' ? 'required' : 'invalid');
  }
  return { problems };
}
