import { z } from 'zod';
import { absolutePathSchema, databaseNameSchema, isDomain } from '@hostdeck/contracts';
import { InventoryFormatError } from '../inventory.js';
import { defineRecipe } from '../recipe.js';
import { backupDatabaseEngineSchema, backupRowIdSchema, snapshotIdSchema } from './backup-inputs.js';

/**
 * What one snapshot holds (docs/backups.md, Snapshot layout): `backup-manifest` prints the
 * manifest.json that the run put in it, so the panel can offer a site that was deleted since, with
 * its databases. Read-only; a step of scripts/backups/backup.sh (restore.sh is near its size limit).
 */
export const backupManifestInputSchema = z.strictObject({
  config_id: backupRowIdSchema,
  snapshot_id: snapshotIdSchema,
});

export const backupManifest = defineRecipe({
  id: 'backup-manifest',
  input: backupManifestInputSchema,
  steps: [
    {
      id: 'read',
      title: 'Read the snapshot’s manifest',
      script: 'backups/backup.sh',
      timeoutMs: 5 * 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_BACKUP_CONFIG_ID: String(input.config_id),
    HD_BACKUP_SNAPSHOT: input.snapshot_id,
  }),
  example: { config_id: 1, snapshot_id: '0123abcd' },
});

const count = z.number().int().nonnegative();

/**
 * The manifest's fields the panel uses, each by its grammar again (the snapshot's content is data
 * from the server): a site's name is a domain and its root a path under /home; a database's name
 * is a database name. `site_id` came with snapshots taken after issue 20's restore to a new site.
 */
const manifestSchema = z.object({
  format: z.literal(1),
  config_id: backupRowIdSchema,
  created_at: z.string().max(64),
  sites: z.array(
    z.object({
      id: backupRowIdSchema,
      name: z.string().refine(isDomain),
      root: absolutePathSchema.refine((root) => /^\/home\/[^/]+\/./.test(root)),
      files: count,
      bytes: count,
    }),
  ),
  databases: z.array(
    z.object({
      engine: backupDatabaseEngineSchema,
      name: databaseNameSchema,
      ok: z.boolean(),
      site_id: backupRowIdSchema.nullable().optional(),
    }),
  ),
});
export type BackupManifest = z.output<typeof manifestSchema>;

/** backup-manifest: `manifest<TAB>BASE64(manifest.json)`, then `done`. */
export function parseBackupManifest(stdout: string): BackupManifest {
  const lines = stdout.split('\n').filter((line) => line !== '' && !line.startsWith('::hostdeck::'));
  const [line, done] = lines;
  const encoded = line?.startsWith('manifest\t') ? line.slice('manifest\t'.length) : undefined;
  if (
    lines.length !== 2 ||
    done !== 'done' ||
    encoded === undefined ||
    !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)
  ) {
    throw new InventoryFormatError('the snapshot’s manifest could not be read');
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  } catch {
    throw new InventoryFormatError('the snapshot’s manifest is not JSON');
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new InventoryFormatError('the snapshot’s manifest could not be read');
  return parsed.data;
}
