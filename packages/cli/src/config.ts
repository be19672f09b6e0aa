import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** Where `hostdeck login` keeps the panel URL and token: $XDG_CONFIG_HOME/hostdeck/config.json, 0600. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'hostdeck', 'config.json');
}

const configSchema = z.object({ url: z.string().url(), token: z.string().regex(/^hd_[A-Za-z0-9_-]{43}$/) });
export type CliConfig = z.infer<typeof configSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): CliConfig | null {
  // HOSTDECK_URL and HOSTDECK_TOKEN win over the file (CI jobs).
  if (env.HOSTDECK_URL && env.HOSTDECK_TOKEN) {
    const parsed = configSchema.safeParse({ url: env.HOSTDECK_URL, token: env.HOSTDECK_TOKEN });
    return parsed.success ? parsed.data : null;
  }
  try {
    const parsed = configSchema.safeParse(JSON.parse(readFileSync(configPath(env), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeConfig(config: CliConfig, env: NodeJS.ProcessEnv = process.env): string {
  const file = configPath(env);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

export const TOKEN_PATTERN = /^hd_[A-Za-z0-9_-]{43}$/;
