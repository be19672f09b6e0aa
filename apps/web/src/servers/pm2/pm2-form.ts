import { createPm2AppRequestSchema, type CreatePm2AppRequest } from '@hostdeck/contracts/pm2';

export interface Pm2FormValues {
  name: string;
  script: string;
  cwd: string;
  args: string;
  instances: string;
  interpreter: string;
}

export const PM2_FORM_FIELDS = ['name', 'script', 'cwd', 'args', 'instances', 'interpreter'] as const;
export type Pm2FormField = (typeof PM2_FORM_FIELDS)[number];

/** The arguments as typed: split on spaces (each one then checked by the contract's grammar). */
export function splitArguments(text: string): string[] {
  return text.split(/\s+/).filter((part) => part !== '');
}

/**
 * The request for "Start an app", checked with the contract's schema before it is sent: the
 * fields with a problem, or the body. Nothing is repaired (a wrong value is refused, not changed).
 */
export function pm2CreateRequest(
  user: string,
  values: Pm2FormValues,
):
  | { body: CreatePm2AppRequest; problems: null }
  | { body: null; problems: Partial<Record<Pm2FormField, true>> } {
  const instances = values.instances.trim() === '' ? 1 : Number(values.instances);
  const candidate = {
    user,
    name: values.name,
    script: values.script,
    cwd: values.cwd,
    args: splitArguments(values.args),
    instances,
    ...(values.interpreter !== '' ? { interpreter: values.interpreter } : {}),
  };
  const parsed = createPm2AppRequestSchema.safeParse(candidate);
  if (parsed.success) return { body: candidate, problems: null };
  const problems: Partial<Record<Pm2FormField, true>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (PM2_FORM_FIELDS as readonly string[]).includes(field)) {
      problems[field as Pm2FormField] = true;
    }
  }
  return { body: null, problems };
}

/** Memory in MB with one decimal. */
export function formatMemory(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
