import { describe, expect, it } from 'vitest';
import { restoreBackupRequestSchema } from '@hostdeck/contracts/backups';
import { restoreBody, restoreFormValues, restoreProblems } from './restore-form';

describe('restore form: a site into a new site', () => {
  const base = {
    ...restoreFormValues(7, null),
    snapshotId: 'a1b2c3d4e5',
    siteTarget: 'new' as const,
    newSiteName: 'shop.example.com',
  };

  it('sends the recorded site, the new domain and the target server', () => {
    expect(restoreProblems(base, '', false)).toEqual({});
    const body = restoreBody(base);
    expect(body).toEqual({
      kind: 'site',
      snapshot_id: 'a1b2c3d4e5',
      site_id: 7,
      new_site: { name: 'shop.example.com' },
      with_database: true,
    });
    expect(restoreBackupRequestSchema.safeParse(body).success).toBe(true);
    const moved = restoreBody({ ...base, targetServerId: 3, newSiteName: ' moved.example.com ' });
    expect(moved).toMatchObject({ target_server_id: 3, new_site: { name: 'moved.example.com' } });
    expect(restoreBackupRequestSchema.safeParse(moved).success).toBe(true);
  });

  it('takes a domain only, and offers a deleted site to a new site only', () => {
    expect(restoreProblems({ ...base, newSiteName: '' }, '')).toEqual({ 'new_site.name': 'required' });
    for (const name of ['-x.example.com', 'a b.example.com', 'x.example.com;id', 'x/../y']) {
      expect(restoreProblems({ ...base, newSiteName: name }, '')).toEqual({ 'new_site.name': 'siteName' });
    }
    expect(restoreProblems({ ...base, siteTarget: 'same' }, '', false)).toEqual({ target: 'siteGone' });
    expect(restoreProblems({ ...base, siteTarget: 'same' }, '', true)).toEqual({});
    expect(restoreProblems({ ...base, siteTarget: 'other', targetSiteId: 9 }, '', false)).toEqual({
      target: 'siteGone',
    });
  });
});
