import type { Recipe } from '../recipe.js';
import {
  bind9Dnssec,
  bind9RecordsEdit,
  bind9ZoneDelete,
  bind9ZoneRead,
  bind9Zones,
  bind9ZoneWrite,
} from './bind9-recipes.js';

export { InventoryFormatError } from '../inventory.js';
export {
  parseBind9Zone,
  parseBind9Zones,
  type Bind9ZoneInventory,
  type Bind9ZonesInventory,
} from './bind9-inventory.js';
export {
  bind9RecordId,
  parseBind9Line,
  quoteTxt,
  renderBind9NewZone,
  renderBind9Record,
} from './bind9-records.js';
export { bind9Dnssec, bind9RecordsEdit, bind9ZoneDelete, bind9ZoneRead, bind9Zones, bind9ZoneWrite };

/**
 * bind9 zones of a server (apps/api/src/bind9, docs/bind9.md): the two reads, a whole zone
 * written (create, import), records edited, a zone deleted, DNSSEC on or off. This folder is the
 * package's `@hostdeck/recipes/bind9` subpath; the API area registers these recipes.
 */
export const bind9Recipes: readonly Recipe[] = [
  bind9Zones,
  bind9ZoneRead,
  bind9ZoneWrite,
  bind9RecordsEdit,
  bind9ZoneDelete,
  bind9Dnssec,
];
