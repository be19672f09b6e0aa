import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { InventoryFormatError } from '../inventory.js';
import { RecipeInputError } from '../recipe.js';
import { backupManifest, parseBackupManifest } from './backup-manifest.js';

const manifest = {
  format: 1,
  config_id: 7,
  created_at: '2026-11-29T13:00:00Z',
  trigger: 'manual',
  scope: 'all',
  sites: [
    {
      id: 3,
      name: 'shop.example.com',
      root: '/home/hostdeck/shop.example.com',
      files: 12,
      bytes: 4096,
      sha256: 'a'.repeat(64),
    },
  ],
  databases: [
    {
      site_id: 3,
      engine: 'mariadb',
      name: 'shop',
      ok: true,
      reason: null,
      file: 'databases/mariadb/shop.sql',
    },
    { site_id: null, engine: 'postgresql', name: 'blog', ok: false, reason: 'truncated dump' },
  ],
};
const printed = (value: unknown) =>
  `::hostdeck::info::reading\nmanifest\t${Buffer.from(JSON.stringify(value)).toString('base64')}\ndone\n`;

describe('backup-manifest', () => {
  it('reads a snapshot id of the config only, as variables', () => {
    const frame = buildStepInvocation(backupManifest, 'read', {
      config_id: 7,
      snapshot_id: 'abcdef12',
    }).stdin.toString('utf8');
    expect(frame).toContain('HD_BACKUP_CONFIG_ID=7\0');
    expect(frame).toContain('HD_BACKUP_SNAPSHOT=abcdef12\0');
    for (const snapshot_id of ['latest', '-abcdef12', 'abcdef12;id', 'ABCDEF12']) {
      expect(() => buildStepInvocation(backupManifest, 'read', { config_id: 7, snapshot_id })).toThrow(
        RecipeInputError,
      );
    }
  });

  it('parses the manifest by its grammars, older snapshots without site_id too', () => {
    const parsed = parseBackupManifest(printed(manifest));
    expect(parsed.sites).toEqual([
      { id: 3, name: 'shop.example.com', root: '/home/hostdeck/shop.example.com', files: 12, bytes: 4096 },
    ]);
    expect(parsed.databases.map((database) => [database.name, database.site_id, database.ok])).toEqual([
      ['shop', 3, true],
      ['blog', null, false],
    ]);
    const older = { ...manifest, databases: [{ engine: 'mariadb', name: 'shop', ok: true }] };
    expect(parseBackupManifest(printed(older)).databases[0]?.site_id).toBeUndefined();
  });

  it('refuses what is not a manifest of safe names and roots', () => {
    const site = manifest.sites[0]!;
    for (const bad of [
      { ...manifest, sites: [{ ...site, root: '/etc' }] },
      { ...manifest, sites: [{ ...site, root: '/home/hostdeck/../../etc' }] },
      { ...manifest, sites: [{ ...site, name: 'x.example.com;id' }] },
      { ...manifest, databases: [{ engine: 'mariadb', name: 'shop`id`', ok: true }] },
      { ...manifest, databases: [{ engine: 'mongodb', name: 'shop', ok: true }] },
      { ...manifest, format: 2 },
    ]) {
      expect(() => parseBackupManifest(printed(bad)), JSON.stringify(bad)).toThrow(InventoryFormatError);
    }
    expect(() => parseBackupManifest('manifest\tnot base64!\ndone\n')).toThrow(InventoryFormatError);
    expect(() => parseBackupManifest(printed(manifest).replace('done\n', ''))).toThrow(InventoryFormatError);
  });
});
