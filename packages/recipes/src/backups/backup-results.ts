import { z } from 'zod';
import { InventoryFormatError } from '../inventory.js';

/**
 * What the `backup-*` recipes print, read strictly (scripts/backups/backup.sh; docs/backups.md).
 * A line the parsers do not know is an error, never skipped: the API shows what the server said.
 */

export const BACKUP_RUN_STATES = ['succeeded', 'partial', 'failed'] as const;
export type BackupRunState = (typeof BACKUP_RUN_STATES)[number];

const reason = z.string().max(2000).nullable();

/** A run's result.json, and the `result<TAB><json>` line of backup-run. */
export const backupRunResultSchema = z.object({
  config_id: z.number().int().positive(),
  state: z.enum(BACKUP_RUN_STATES),
  trigger: z.enum(['cron', 'manual']),
  scope: z.string().max(200),
  started_at: z.string(),
  ended_at: z.string(),
  snapshot_id: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  size_bytes: z.number().int().nonnegative(),
  added_bytes: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
  sites: z.array(z.object({ id: z.number().int(), name: z.string(), ok: z.boolean(), reason })),
  databases: z.array(z.object({ engine: z.string(), name: z.string(), ok: z.boolean(), reason })),
  error: reason,
});
export type BackupRunResult = z.output<typeof backupRunResultSchema>;

function parseJson<T>(text: string, schema: z.ZodType<T>, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InventoryFormatError(`${what} is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InventoryFormatError(`${what} could not be read`);
  return parsed.data;
}

const contentLines = (stdout: string) =>
  stdout.split('\n').filter((line) => line !== '' && !line.startsWith('::hostdeck::'));

/** The result of backup-run: its last `result<TAB><json>` line. */
export function parseBackupRunResult(stdout: string): BackupRunResult {
  const line = contentLines(stdout)
    .filter((entry) => entry.startsWith('result\t'))
    .at(-1);
  if (line === undefined) throw new InventoryFormatError('the backup run printed no result');
  return parseJson(line.slice('result\t'.length), backupRunResultSchema, 'the backup result');
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const decode = (value: string | undefined): string => {
  if (value === undefined || !BASE64.test(value)) throw new InventoryFormatError('bad base64');
  return Buffer.from(value, 'base64').toString('utf8');
};

function doneLines(stdout: string, what: string): string[] {
  const lines = contentLines(stdout);
  if (lines.at(-1) !== 'done') throw new InventoryFormatError(`${what} is incomplete`);
  return lines.slice(0, -1);
}

export interface BackupRunRecord {
  /** The run's folder name: its start, in seconds since the epoch. */
  start: number;
  /** null while the run has not ended (or ended without a result). */
  result: BackupRunResult | null;
  /** The end of its output (at most 4 KiB). */
  output: string;
}

/** backup-runs: `run<TAB><start><TAB>BASE64(result.json|'')<TAB>BASE64(output tail)` lines, then `done`. */
export function parseBackupRuns(stdout: string): BackupRunRecord[] {
  return doneLines(stdout, 'the backup runs').map((line) => {
    const fields = line.split('\t');
    if (fields[0] !== 'run' || fields.length !== 4 || !/^[0-9]{1,12}$/.test(fields[1]!)) {
      throw new InventoryFormatError('a backup run could not be read');
    }
    const result = decode(fields[2]);
    return {
      start: Number(fields[1]),
      result: result === '' ? null : parseJson(result, backupRunResultSchema, 'a backup result'),
      output: decode(fields[3]),
    };
  });
}

const resticSnapshotSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/),
  short_id: z.string().regex(/^[0-9a-f]{8}$/),
  time: z.string(),
  hostname: z.string(),
  paths: z.array(z.string()),
  tags: z.array(z.string()).nullish(),
});

export interface BackupSnapshot {
  id: string;
  shortId: string;
  time: string;
  hostname: string;
  paths: string[];
  tags: string[];
  trigger: 'cron' | 'manual' | null;
  scope: string | null;
}

/** backup-snapshots: `snapshots<TAB>BASE64(restic snapshots --json)`, then `done`; newest first. */
export function parseBackupSnapshots(stdout: string): BackupSnapshot[] {
  const lines = doneLines(stdout, 'the snapshot list');
  const [line] = lines;
  if (lines.length !== 1 || !line?.startsWith('snapshots\t')) {
    throw new InventoryFormatError('the snapshot list could not be read');
  }
  const list = parseJson(
    decode(line.split('\t')[1]),
    z.array(resticSnapshotSchema).nullable(),
    'the snapshot list',
  );
  return (list ?? [])
    .map((snapshot): BackupSnapshot => {
      const tags = snapshot.tags ?? [];
      const trigger = tags.find((tag) => tag.startsWith('trigger-'))?.slice('trigger-'.length);
      return {
        id: snapshot.id,
        shortId: snapshot.short_id,
        time: snapshot.time,
        hostname: snapshot.hostname,
        paths: snapshot.paths,
        tags,
        trigger: trigger === 'cron' || trigger === 'manual' ? trigger : null,
        scope: tags.find((tag) => tag.startsWith('scope-'))?.slice('scope-'.length) ?? null,
      };
    })
    .sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
}

export interface BackupProbeResult {
  ok: true;
  /** The host key the server saw (sftp/server drives), to pin: a known_hosts key `type base64`. */
  hostKeys: string[];
}

/** backup-probe: optional `hostkey<TAB><type> <base64>` lines, then `probe<TAB>ok`. */
export function parseBackupProbe(stdout: string): BackupProbeResult {
  const lines = contentLines(stdout);
  if (lines.at(-1) !== 'probe\tok') throw new InventoryFormatError('the drive check did not end');
  const hostKeys = lines.slice(0, -1).map((line) => {
    const match = /^hostkey\t([a-z0-9-]+ [A-Za-z0-9+/]+={0,2})$/.exec(line);
    if (!match) throw new InventoryFormatError('the drive check printed an unknown line');
    return match[1]!;
  });
  return { ok: true, hostKeys };
}
