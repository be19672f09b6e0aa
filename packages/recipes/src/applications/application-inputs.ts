import { z } from 'zod';
import { APPLICATION_ACTIONS, APPLICATION_NAMES } from '@hostdeck/contracts/applications';
import { APPLICATION_CATALOGUE } from './catalogue.js';

/**
 * Input grammars of the `application-*` recipes. A name is one of APPLICATION_NAMES and nothing
 * else; every other value the scripts need comes from the catalogue. The messages are API
 * catalogue keys (apps/api/src/applications/applications.vi.ts).
 */
export const UNKNOWN_APPLICATION_MESSAGE = 'Unknown application';
export const NO_SERVICE_MESSAGE = 'This application has no service of its own';

export const applicationNameInputSchema = z.enum(APPLICATION_NAMES, { error: UNKNOWN_APPLICATION_MESSAGE });

/** An application with a systemd service: the ones that can be started, stopped and auto-restarted. */
export const serviceApplicationNameInputSchema = applicationNameInputSchema.refine(
  (name) => APPLICATION_CATALOGUE[name].service !== null,
  NO_SERVICE_MESSAGE,
);

/** Where PM2 is installed from (application-install's `npm_registry`): the public registry unless a setting says otherwise. */
export const DEFAULT_NPM_REGISTRY = 'https://registry.npmjs.org/';
const NPM_REGISTRY_PATTERN = /^https?:\/\/[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?(?:\/[A-Za-z0-9._~-]+)*\/?$/;
/** An npm registry's URL: http(s), a host name or IPv4 address, an optional port and path; nothing else. */
export const npmRegistryInputSchema = z
  .string()
  .max(500, { error: 'Invalid value' })
  .regex(NPM_REGISTRY_PATTERN, { error: 'Invalid value' });

export const applicationActionInputSchema = z.enum(APPLICATION_ACTIONS, { error: 'Invalid value' });
