import { existsSync } from 'node:fs';
import { z } from 'zod';
import { issueResetLink, RESET_LINK_TTL_MS } from '../accounts/password-reset.service.js';
import { findUserByEmail } from '../accounts/users.repository.js';
import { ConfigError, loadConfig, type Config } from '../config/config.js';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../database/data-dir-lock.js';
import { openDatabase, pgliteDirectory } from '../database/database.js';

export interface AdminOutput {
  log(text: string): void;
  error(text: string): void;
}

const USAGE = [
  'Usage: npm run admin -- COMMAND',
  '',
  'Commands:',
  '  reset-password EMAIL   print a one-time link that sets a new password for this account',
  '',
  'Run it with the environment the panel runs with (DATA_DIR, DATABASE_URL, APP_URL, PORT).',
].join('\n');

/** Exit codes: 0 done, 1 a wrong command or no such account, 2 the data cannot be opened now. */
export async function runAdminCommand(
  args: string[],
  environment: NodeJS.ProcessEnv,
  output: AdminOutput,
  options: { repositoryRoot: string; primaryAddress?: () => string | null },
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'reset-password' && rest.length === 1)
    return resetPassword(rest[0]!, environment, output, options);
  if (command === undefined || command === 'help' || command === '--help') {
    output.log(USAGE);
    return command === undefined ? 1 : 0;
  }
  output.error(`Unknown command: ${args.join(' ')}\n\n${USAGE}`);
  return 1;
}

/**
 * A forgotten password on a panel without mail (issue 26): the reset mail would wait in an outbox
 * that needs signing in. The operator, on the panel's machine, gets the same link the mail would
 * carry (built from APP_URL, valid for an hour, used once) and hands it over.
 */
async function resetPassword(
  email: string,
  environment: NodeJS.ProcessEnv,
  output: AdminOutput,
  options: { repositoryRoot: string; primaryAddress?: () => string | null },
): Promise<number> {
  if (!z.email().safeParse(email).success) {
    output.error(`Not an email address: ${email}`);
    return 1;
  }
  let config: Config;
  try {
    // A missing APP_KEY is not generated here: it means this is not the panel's data directory.
    config = loadConfig(environment, { ...options, generateAppKey: false });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.error(
      `${error.message}\nIs DATA_DIR (${environment.DATA_DIR ?? './data'}) the panel's data directory? ` +
        'Run this command with the environment the panel runs with.',
    );
    return 2;
  }

  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) {
    if (!existsSync(pgliteDirectory(config.dataDir))) {
      output.error(`No panel database in ${config.dataDir}: set DATA_DIR to the panel's data directory.`);
      return 2;
    }
    try {
      // The embedded database must never be opened by two processes at once.
      lock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      output.error(
        `The panel is running on ${config.dataDir} (pid ${error.holderPid}), and its embedded database ` +
          'can be opened by one process only.\n' +
          `Stop the panel first (Ctrl+C where \`npm start\` runs, or \`kill ${error.holderPid}\`), run this ` +
          'command again, then start the panel.',
      );
      return 2;
    }
  }

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: pgliteDirectory(config.dataDir) },
  );
  try {
    const user = await findUserByEmail(database.db, email);
    if (!user) {
      output.error(`No account has the email address ${email}.`);
      return 1;
    }
    const link = await issueResetLink(database.db, config.appUrl, user.email);
    const minutes = Math.round(RESET_LINK_TTL_MS / 60_000);
    output.log(
      [
        `A password reset link for ${user.email}, valid for ${minutes} minutes and for one use:`,
        '',
        `  ${link}`,
        '',
        'Open it in a browser while the panel runs (start it first if it is stopped) and choose a new',
        'password; every session of the account is then signed out. An earlier reset link no longer works.',
        `The link starts with the panel's address, ${config.appUrl}: if that is not where the panel is`,
        'opened, run this command again with APP_URL set to that address.',
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
    lock?.release();
  }
}
