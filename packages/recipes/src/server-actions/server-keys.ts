import { z } from 'zod';
import { defineRecipe } from '../recipe.js';

const MINUTE = 60_000;

/**
 * The panel's own public key for one server, exactly as the panel generates it: an Ed25519 line
 * `ssh-ed25519 <base64> hostdeck-server-<id>`. Nothing else (options, other key types, free
 * comments) is accepted, so the value can only ever be that one line.
 */
export const PANEL_PUBLIC_KEY_PATTERN =
  /^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5[A-Za-z0-9+/]{20,120}={0,2} hostdeck-server-[1-9][0-9]{0,9}$/;

export const panelPublicKeySchema = z
  .string()
  .min(1)
  .max(200)
  .regex(PANEL_PUBLIC_KEY_PATTERN, 'Invalid value');

const keyInput = z.strictObject({ public_key: panelPublicKeySchema });
const example = {
  public_key:
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDqOdFzYCt3O98IFWo94zzHIxtcWUvuOC0l1EB+4eTRw hostdeck-server-1',
};

/**
 * Adds the panel's public key to root's authorized_keys (directory 0700, file 0600, owned by
 * root), once: a key already there changes nothing. Run by the panel itself while connecting a
 * server with its root password, not as an event.
 */
export const serverAuthorizeKey = defineRecipe({
  id: 'server-authorize-key',
  input: keyInput,
  steps: [
    {
      id: 'authorize',
      title: 'Install the panel key',
      script: 'server/authorize-key.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_PUBLIC_KEY: input.public_key }),
  example,
});

/**
 * Removes the panel's public key from root's authorized_keys (when a server is deleted, or when
 * connecting failed after the key was installed). Other keys are kept as they are.
 */
export const serverForgetKey = defineRecipe({
  id: 'server-forget-key',
  input: keyInput,
  steps: [
    {
      id: 'forget',
      title: 'Remove the panel key',
      script: 'server/forget-key.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_PUBLIC_KEY: input.public_key }),
  example,
});
