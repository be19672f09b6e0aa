import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SSH_KEY_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/ssh-keys';
import { sshKeyRecipes } from '@hostdeck/recipes/ssh-keys';
import webEventsEn from '@hostdeck/web/src/servers/ssh-keys/locales/events.en.json';
import webEventsVi from '@hostdeck/web/src/servers/ssh-keys/locales/events.vi.json';
import { vi } from '../i18n/vi.js';
import { namedKey, presentSshKeys, sshFingerprint } from './ssh-keys.section.js';

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDqOdFzYCt3O98IFWo94zzHIxtcWUvuOC0l1EB+4eTRw';

describe('ssh keys (API)', () => {
  it('computes the fingerprint ssh-keygen prints', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'hd-fp-'));
    try {
      const file = path.join(folder, 'k');
      expect(spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'x', '-f', file]).status).toBe(
        0,
      );
      const publicKey = readFileSync(`${file}.pub`, 'utf8').trim();
      const printed = spawnSync('ssh-keygen', ['-l', '-f', `${file}.pub`], { encoding: 'utf8' }).stdout.split(
        ' ',
      )[1];
      expect(sshFingerprint(publicKey)).toBe(printed);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    expect(sshFingerprint(null)).toBeNull();
    expect(sshFingerprint('not a key')).toBeNull();
  });

  it("marks the panel's key by its fingerprint or its comment", () => {
    const fingerprint = sshFingerprint(KEY)!;
    const key = (comment: string | null, fp = 'SHA256:' + 'a'.repeat(43)) => ({
      user: 'root',
      fingerprint: fp,
      type: 'ssh-ed25519',
      comment,
      options: [],
      publicKey: KEY,
    });
    const rows = presentSshKeys(
      { users: [], keys: [key('me', fingerprint), key('hostdeck-server-9'), key(null)] },
      fingerprint,
    );
    expect(rows.map((row) => row.panel)).toEqual([true, true, false]);
    expect(rows[0]).toMatchObject({ public_key: KEY, comment: 'me' });
  });

  it('writes the name as the comment', () => {
    expect(namedKey(`${KEY} old`, 'laptop')).toBe(`${KEY} laptop`);
    expect(namedKey(`${KEY} old`, undefined)).toBe(`${KEY} old`);
  });

  it('has the same event texts in the web catalogue as in the API, in both languages', () => {
    const i18next = (text: string) => text.replace(/\{(\w+)\}/g, '{{$1}}');
    for (const [id, english] of Object.entries(SSH_KEY_EVENT_DESCRIPTIONS)) {
      expect(
        webEventsEn.eventTexts.descriptions[id as keyof typeof webEventsEn.eventTexts.descriptions],
      ).toBe(i18next(english));
      expect(vi[english], id).toBeDefined();
      expect(
        webEventsVi.eventTexts.descriptions[id as keyof typeof webEventsVi.eventTexts.descriptions],
      ).toBe(i18next(vi[english]!));
    }
    for (const recipe of sshKeyRecipes) {
      for (const step of recipe.steps) {
        const en = (webEventsEn.recipeSteps as Record<string, Record<string, string>>)[recipe.id]?.[step.id];
        const viText = (webEventsVi.recipeSteps as Record<string, Record<string, string>>)[recipe.id]?.[
          step.id
        ];
        expect(en).toBe(step.title);
        expect(viText).toBe(vi[step.title]);
      }
    }
  });
});
