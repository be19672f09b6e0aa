import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { domainSchema } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import { recipeScriptsDirectory } from '../scripts.js';

/**
 * The 8G firewall of a site (spec/000 §7 `8gfirewall` POST and DELETE; docs/firewall-8g.md).
 * The rules are the panel's own asset, `scripts/firewall-8g/8g-firewall.conf` (nginx maps, http
 * context); they travel on the step's stdin, never in the event's stored input, and land in
 * FIREWALL_8G_MAPS_PATH. A site's checks (`if ($hostdeck_8g_…) { return 403; }`) land in
 * firewall8gChecksPath(site), which the site's vhost includes (site-apply), so only that site
 * reads the maps. Both files start with `# Managed by HostDeck`; a file of the same name without
 * that line is never touched.
 */

/** The rules file, relative to the package's `scripts/` folder. */
export const FIREWALL_8G_RULES_FILE = 'firewall-8g/8g-firewall.conf';
/** Where the maps live on the server (Debian's nginx.conf includes conf.d/*.conf in http). */
export const FIREWALL_8G_MAPS_PATH = '/etc/nginx/conf.d/hostdeck-8g-firewall.conf';

/** The site's checks: in the folder its vhost includes in every server block. */
export function firewall8gChecksPath(site: string): string {
  return `/etc/nginx/hostdeck/${site}/8g-firewall.conf`;
}

const rulesByDirectory = new Map<string, Buffer>();

/** The rules as the release ships them (read once: scripts do not change while the panel runs). */
export function firewall8gRules(scriptsDirectory = recipeScriptsDirectory()): Buffer {
  let rules = rulesByDirectory.get(scriptsDirectory);
  if (!rules) {
    rules = readFileSync(path.join(scriptsDirectory, FIREWALL_8G_RULES_FILE));
    rulesByDirectory.set(scriptsDirectory, rules);
  }
  return rules;
}

const input = z.strictObject({ site: domainSchema });
const TIMEOUT_MS = 2 * 60_000;

export const firewall8gEnable = defineRecipe({
  id: 'firewall-8g-enable',
  input,
  steps: [
    {
      id: 'enable',
      title: 'Turn on the 8G firewall rules and reload nginx',
      script: 'firewall-8g/enable.sh',
      timeoutMs: TIMEOUT_MS,
      idempotent: true,
    },
  ],
  environment: (parsed) => ({ HD_SITE: parsed.site }),
  secrets: () => firewall8gRules(),
  example: { site: 'example.com' },
});

export const firewall8gDisable = defineRecipe({
  id: 'firewall-8g-disable',
  input,
  steps: [
    {
      id: 'disable',
      title: 'Turn off the 8G firewall rules and reload nginx',
      script: 'firewall-8g/disable.sh',
      timeoutMs: TIMEOUT_MS,
      idempotent: true,
    },
  ],
  environment: (parsed) => ({ HD_SITE: parsed.site }),
  example: { site: 'example.com' },
});
