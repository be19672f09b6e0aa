import { describe, expect, it } from 'vitest';
import { siteMenuRows, type SiteMenuFacts, type SiteMenuRow } from './site-menu';

const site: SiteMenuFacts = { id: 4, site_id: null, is_agent: false, code_type: null, web_server: 'nginx' };

function ids(rows: SiteMenuRow[]): string[] {
  return rows.flatMap((row) =>
    row.kind === 'item' ? [row.item.id] : [row.id, ...row.items.map((item) => item.id)],
  );
}

describe('site side menu (spec/000 §2)', () => {
  it('lists every entry for a site without code, with the group of its web server only', () => {
    expect(ids(siteMenuRows(4, site))).toEqual([
      'home',
      'sourcecode',
      'wordpress',
      'n8n',
      'deployments',
      'ssl',
      'commands',
      'nginx',
      'nginx-configuration',
      'nginx-error-log',
      'nginx-access-log',
      'domain',
      'settings',
    ]);
    const apache = ids(siteMenuRows(4, { ...site, web_server: 'apache2' }));
    expect(apache).toContain('apache2-access-log');
    expect(apache).not.toContain('nginx');
  });

  it('links to the site routes', () => {
    const rows = siteMenuRows(4, site);
    const paths = rows.flatMap((row) =>
      row.kind === 'item' ? [row.item.path] : row.items.map((item) => item.path),
    );
    expect(paths).toContain('/sites/4');
    expect(paths).toContain('/sites/4/deployment');
    expect(paths).toContain('/sites/4/nginx/error-log');
    expect(paths).toContain('/sites/4/settings');
  });

  it('hides Install Source Code once code is installed, and for the agent site', () => {
    expect(ids(siteMenuRows(4, { ...site, code_type: 'wordpress' }))).not.toContain('sourcecode');
    expect(ids(siteMenuRows(4, { ...site, is_agent: true }))).not.toContain('sourcecode');
  });

  it('keeps alias sites to SSL, Domain Name and Settings', () => {
    expect(ids(siteMenuRows(5, { ...site, id: 5, site_id: 4 }))).toEqual([
      'home',
      'ssl',
      'domain',
      'settings',
    ]);
  });

  it('shows only the home while the site is loading', () => {
    expect(ids(siteMenuRows(4, undefined))).toEqual(['home']);
  });
});
