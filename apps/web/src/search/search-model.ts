import Fuse from 'fuse.js';
import { GLOBAL_SEARCH } from '@hostdeck/contracts';
import type { MenuIconName } from '../navigation/menu-items';

/** The groups of global search, in the order they show (spec/000 §2). */
export const SEARCH_GROUP_IDS = ['servers', 'sites', 'navigation'] as const;
export type SearchGroupId = (typeof SEARCH_GROUP_IDS)[number];

export interface SearchFavorite {
  kind: 'server' | 'site';
  id: number;
  checked: boolean;
}

/** One result: icon, title, optional subtitle, where it leads, and for servers and sites a favourite. */
export interface SearchItem {
  /** Unique across groups, e.g. `server-3`, `navigation-billing`. */
  key: string;
  group: SearchGroupId;
  title: string;
  subtitle?: string;
  icon: MenuIconName;
  path: string;
  /** `_blank`: opens in a new window (documentation, support). */
  target?: '_blank';
  favorite?: SearchFavorite;
}

export interface SearchGroup {
  id: SearchGroupId;
  items: SearchItem[];
  /** How many of the group's items match; the header shows `items.length/total`. */
  total: number;
}

/**
 * The groups to show for a search text. Without text every item shows; with text, Fuse
 * (threshold 0.4 over title and subtitle) keeps the best matches, at most 5 per group
 * (GLOBAL_SEARCH). Groups with nothing to show are left out.
 */
export function searchGroups(items: readonly SearchItem[], query: string): SearchGroup[] {
  const text = query.trim();
  const groups: SearchGroup[] = [];
  for (const id of SEARCH_GROUP_IDS) {
    const members = items.filter((item) => item.group === id);
    if (text === '') {
      if (members.length > 0) groups.push({ id, items: members, total: members.length });
      continue;
    }
    const matches = new Fuse(members, {
      keys: ['title', 'subtitle'],
      threshold: GLOBAL_SEARCH.fuzzyThreshold,
    })
      .search(text)
      .map((result) => result.item);
    if (matches.length > 0) {
      groups.push({ id, items: matches.slice(0, GLOBAL_SEARCH.resultsPerGroup), total: matches.length });
    }
  }
  return groups;
}

/** The results in the order the keyboard walks them: group by group. */
export function flattenGroups(groups: readonly SearchGroup[]): SearchItem[] {
  return groups.flatMap((group) => group.items);
}
