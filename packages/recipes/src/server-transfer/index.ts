import { z } from 'zod';
import { defineRecipe, type Recipe } from '../recipe.js';
import { panelPublicKeySchema } from '../server-actions/server-keys.js';

/**
 * After a server transfer (apps/api/src/server-transfer, docs/server-transfer.md): the panel's
 * new key in root's authorized_keys and the old one out, in one atomic write (the file never
 * holds neither). The event connects with the old key; the panel keeps using it until the event
 * ends FINISHED, then switches to the new one. Run again, it changes nothing.
 */
export const serverTransferRotateKey = defineRecipe({
  id: 'server-transfer-rotate-key',
  input: z.strictObject({ old_public_key: panelPublicKeySchema, new_public_key: panelPublicKeySchema }),
  steps: [
    {
      id: 'rotate',
      title: "Replace the panel's key",
      script: 'server-transfer/rotate-key.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_OLD_PUBLIC_KEY: input.old_public_key,
    HD_NEW_PUBLIC_KEY: input.new_public_key,
  }),
  example: {
    old_public_key:
      'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDqOdFzYCt3O98IFWo94zzHIxtcWUvuOC0l1EB+4eTRw hostdeck-server-1',
    new_public_key:
      'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIE0yqHkYQ1h3wR2Xx8yq7s9Lb3Sm1hWQ3pXc0yV2mAbC hostdeck-server-1',
  },
});

/** The recipes of the server-transfer area (`@hostdeck/recipes/server-transfer`). */
export const serverTransferRecipes: readonly Recipe[] = [serverTransferRotateKey];
