import { describe, expect, it } from 'vitest';
import { flattenGroups, searchGroups, type SearchItem } from './search-model';

function server(id: number, name: string, ip: string): SearchItem {
  return {
    key: `server-${id}`,
    group: 'servers',
    title: name,
    subtitle: ip,
    icon: 'servers',
    path: `/servers/${id}`,
    favorite: { kind: 'server', id, checked: false },
  };
}

function navigation(id: string, title: string, path: string): SearchItem {
  return { key: `navigation-${id}`, group: 'navigation', title, icon: 'billing', path };
}

const NAVIGATION = [
  navigation('servers', 'Servers', '/servers'),
  navigation('sites', 'Sites', '/sites'),
  navigation('billing', 'Billing', '/user/billing'),
  navigation('teams', 'Teams', '/teams'),
];

describe('searchGroups', () => {
  it('shows every item of every non-empty group, in group order, without search text', () => {
    const items = [...NAVIGATION, server(1, 'alpha', '10.0.0.1')];
    const groups = searchGroups(items, '  ');
    expect(groups.map((group) => group.id)).toEqual(['servers', 'navigation']);
    expect(groups[1]).toMatchObject({ total: 4 });
    expect(groups[1]?.items).toHaveLength(4);
  });

  it('matches fuzzily on the title, best match first', () => {
    const groups = searchGroups(NAVIGATION, 'bill');
    expect(groups).toHaveLength(1);
    expect(groups[0]?.items[0]?.path).toBe('/user/billing');
  });

  it('matches on the subtitle too', () => {
    const items = [server(1, 'alpha', '10.0.0.1'), server(2, 'beta', '192.168.7.20')];
    const groups = searchGroups(items, '192.168.7');
    expect(groups[0]?.items.map((item) => item.key)).toEqual(['server-2']);
  });

  it('keeps at most 5 matches per group while searching, and reports how many matched', () => {
    const items = Array.from({ length: 8 }, (_, index) =>
      server(index + 1, `web-${index + 1}`, `10.0.0.${index}`),
    );
    const [group] = searchGroups(items, 'web');
    expect(group?.items).toHaveLength(5);
    expect(group?.total).toBe(8);
    // Without text the whole list shows.
    expect(searchGroups(items, '')[0]?.items).toHaveLength(8);
  });

  it('leaves out groups without matches and rejects poor matches (threshold 0.4)', () => {
    expect(searchGroups(NAVIGATION, 'zzzzqx')).toEqual([]);
  });
});

describe('flattenGroups', () => {
  it('walks the results group by group', () => {
    const items = [...NAVIGATION, server(1, 'sites-box', '10.0.0.1')];
    const flat = flattenGroups(searchGroups(items, 'sites'));
    expect(flat[0]?.group).toBe('servers');
    expect(flat.at(-1)?.group).toBe('navigation');
  });
});
