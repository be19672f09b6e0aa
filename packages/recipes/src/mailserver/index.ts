import type { Recipe } from '../recipe.js';
import {
  mailserverAccountCreate,
  mailserverAccountDelete,
  mailserverAccountPassword,
  mailserverAccountQuota,
  mailserverAliasDelete,
  mailserverAliasSave,
  mailserverDomainAdd,
  mailserverDomainDefault,
  mailserverDomainDelete,
  mailserverDeliverability,
  mailserverInventory,
  mailserverSettings,
  mailserverSsl,
  parsePort25,
} from './mailserver-recipes.js';

export { InventoryFormatError } from '../inventory.js';
export { parseMailserverInventory, type MailserverInventory } from './mailserver-inventory.js';
export {
  mailserverAccountCreate,
  mailserverAccountDelete,
  mailserverAccountPassword,
  mailserverAccountQuota,
  mailserverAliasDelete,
  mailserverAliasSave,
  mailserverDomainAdd,
  mailserverDomainDefault,
  mailserverDomainDelete,
  mailserverDeliverability,
  mailserverInventory,
  mailserverSettings,
  mailserverSsl,
  parsePort25,
};

/**
 * The mail server of a server (apps/api/src/mailserver, docs/mailserver.md): the inventory and one
 * recipe per change. `@hostdeck/recipes/mailserver`; the API area registers them with the worker.
 */
export const mailserverRecipes: readonly Recipe[] = [
  mailserverInventory,
  mailserverDeliverability,
  mailserverDomainAdd,
  mailserverDomainDelete,
  mailserverDomainDefault,
  mailserverAccountCreate,
  mailserverAccountPassword,
  mailserverAccountQuota,
  mailserverAccountDelete,
  mailserverAliasSave,
  mailserverAliasDelete,
  mailserverSettings,
  mailserverSsl,
];
