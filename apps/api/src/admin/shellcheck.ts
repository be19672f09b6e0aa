import { execFile } from 'node:child_process';
import type { ShellcheckFinding } from '@hostdeck/contracts';
import { z } from 'zod';

const SHELLCHECK_TIMEOUT_MS = 10_000;
const SHELLCHECK_MAX_OUTPUT = 4 * 1024 * 1024;

const shellcheckOutputSchema = z.array(
  z.object({
    line: z.number().int(),
    column: z.number().int(),
    level: z.enum(['error', 'warning', 'info', 'style']),
    code: z.number().int(),
    message: z.string(),
  }),
);

export interface ShellcheckResult {
  findings: ShellcheckFinding[];
  /** Why shellcheck could not judge the script (missing, timed out, unreadable answer). */
  error: string | null;
}

/**
 * What shellcheck says of a script (the administrators' review, docs/scripts.md): `shellcheck -f
 * json -s bash -` with the content on stdin, started without a shell, killed after 10 s. Exit
 * status 1 means findings; anything else without JSON is reported as the error.
 */
export function runShellcheck(content: string, program = 'shellcheck'): Promise<ShellcheckResult> {
  return new Promise((resolve) => {
    const child = execFile(
      program,
      ['-f', 'json', '-s', 'bash', '-'],
      { timeout: SHELLCHECK_TIMEOUT_MS, maxBuffer: SHELLCHECK_MAX_OUTPUT, encoding: 'utf8', shell: false },
      (error, stdout, stderr) => {
        const parsed = safeJson(stdout);
        const findings = shellcheckOutputSchema.safeParse(parsed);
        if (findings.success) {
          resolve({
            findings: findings.data.map(({ level, line, column, code, message }) => ({
              level,
              line,
              column,
              code,
              message,
            })),
            error: null,
          });
          return;
        }
        const reason = error?.killed
          ? 'shellcheck timed out'
          : (stderr.trim() || error?.message || 'shellcheck gave no answer').slice(0, 500);
        resolve({ findings: [], error: reason });
      },
    );
    child.stdin?.on('error', () => {}); // shellcheck may exit before reading everything
    child.stdin?.end(content);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
