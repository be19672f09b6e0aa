import { readFileSync } from 'node:fs';
import { eventOutputRoutes } from '@hostdeck/contracts/events';
import { serverRoutes } from '@hostdeck/contracts/servers';
import { createSiteRequestSchema, siteRoutes } from '@hostdeck/contracts/sites';
import { deploymentRoutes } from '@hostdeck/contracts/site-deployments';
import { CliError, createClient, EXIT, type Client } from './client.js';
import { readConfig, TOKEN_PATTERN, writeConfig } from './config.js';

const USAGE = `Usage: hostdeck <command> [options] [--json]

  login --url URL [--token TOKEN]    check and store a panel URL and API token
                                     (the token may also come from HOSTDECK_TOKEN or stdin)
  servers                            list your servers
  sites [--server ID]                list sites (of one server)
  sites create --server ID --name DOMAIN [--php VERSION] [--directory DIR]
  deploy SITE [--no-follow]          deploy a site now and follow its output
  events tail EVENT                  print an event's output live until it ends
  run SITE [--no-follow] -- COMMAND  run a command on a site and follow its output

Exit codes: 0 ok, 1 failed (an event that did not finish well), 2 usage, 3 token refused (401),
4 forbidden (403, scope), 5 not found, 6 network, 7 invalid input (422).`;

interface Parsed {
  positional: string[];
  flags: Map<string, string | true>;
  rest: string[];
}

/** `--name value`, `--name=value`, `--flag`; everything after `--` is `rest`. */
function parse(argv: string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  const BOOLEAN = new Set(['json', 'no-follow', 'help']);
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--') return { positional, flags, rest: argv.slice(i + 1) };
    if (arg.startsWith('--')) {
      const [name, value] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      if (value !== undefined) flags.set(name, value);
      else if (BOOLEAN.has(name)) flags.set(name, true);
      else {
        const next = argv[i + 1];
        if (next === undefined || next.startsWith('--'))
          throw new CliError(`--${name} needs a value`, EXIT.usage);
        flags.set(name, next);
        i += 1;
      }
    } else positional.push(arg);
  }
  return { positional, flags, rest: [] };
}

function flag(parsed: Parsed, name: string): string | undefined {
  const value = parsed.flags.get(name);
  return typeof value === 'string' ? value : undefined;
}

function idOf(value: string | undefined, what: string): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) throw new CliError(`${what} must be a numeric id`, EXIT.usage);
  return Number(value);
}

interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  stdin: () => string;
}

function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)\n';
  const cells = [columns, ...rows.map((row) => columns.map((column) => String(row[column] ?? '')))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  return (
    cells
      .map((line) =>
        line
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

/** Follows an event's output (the long-poll GET) until it ends; true when it finished well. */
async function tail(client: Client, eventId: number, json: boolean, io: Io): Promise<number> {
  let offset = 0;
  let output = '';
  for (;;) {
    const { data } = await client.call(eventOutputRoutes.output, {
      params: { event: eventId },
      query: { offset, wait: 20 },
    });
    if (data.output) {
      output += data.output;
      if (!json) io.out(data.output);
    }
    offset = data.offset;
    if (data.is_finished) {
      if (json) io.out(`${JSON.stringify({ event: eventId, status: data.status, output })}\n`);
      else io.err(`\nEvent ${eventId}: ${data.status}\n`);
      return data.status === 'FINISHED' ? EXIT.ok : EXIT.failed;
    }
  }
}

export async function main(argv: string[], io: Io): Promise<number> {
  const parsed = parse(argv);
  const json = parsed.flags.has('json');
  const [command, sub, arg] = parsed.positional;
  if (!command || parsed.flags.has('help') || command === 'help') {
    io.out(`${USAGE}\n`);
    return command ? EXIT.ok : EXIT.usage;
  }
  const print = (value: unknown, human: string) =>
    io.out(json ? `${JSON.stringify(value, null, 2)}\n` : human);

  if (command === 'login') {
    const url = flag(parsed, 'url') ?? io.env.HOSTDECK_URL;
    const token = (flag(parsed, 'token') ?? io.env.HOSTDECK_TOKEN ?? io.stdin()).trim();
    if (!url || !/^https?:\/\/[^\s/]+/.test(url))
      throw new CliError('Give the panel URL: --url https://panel.example.com', EXIT.usage);
    if (!TOKEN_PATTERN.test(token))
      throw new CliError('That is not a HostDeck API token (hd_…).', EXIT.usage);
    const client = createClient({ url, token });
    try {
      await client.call(serverRoutes.listServers, { query: { itemsPerPage: 1 } });
    } catch (error) {
      // A token without `read` (a deploy-only CI token) is still a valid token.
      if (!(error instanceof CliError && error.code === EXIT.forbidden)) throw error;
    }
    const file = writeConfig({ url: url.replace(/\/+$/, ''), token }, io.env);
    print({ url, config: file }, `Logged in to ${url}; saved in ${file}\n`);
    return EXIT.ok;
  }

  const config = readConfig(io.env);
  if (!config)
    throw new CliError('Not logged in: run `hostdeck login --url URL` first.', EXIT.unauthenticated);
  const client = createClient(config);

  if (command === 'servers') {
    const list = await client.call(serverRoutes.listServers, { query: { itemsPerPage: 100 } });
    print(list.data, table(list.data, ['id', 'name', 'ip', 'status']));
    return EXIT.ok;
  }

  if (command === 'sites' && sub === 'create') {
    const body = {
      server_id: idOf(flag(parsed, 'server'), '--server'),
      name: flag(parsed, 'name'),
      ...(flag(parsed, 'php') ? { php_version: flag(parsed, 'php') } : {}),
      ...(flag(parsed, 'directory') ? { directory: flag(parsed, 'directory') } : {}),
    };
    const checked = createSiteRequestSchema.safeParse(body);
    if (!checked.success) {
      const details: Record<string, string[]> = {};
      for (const issue of checked.error.issues)
        (details[issue.path.join('.') || '_'] ??= []).push(issue.message);
      throw new CliError('The site is not valid.', EXIT.invalid, details);
    }
    const created = await client.call(siteRoutes.createSite, { body });
    print(
      created,
      `Site ${created.id} created (event ${created.event_id}).\n` +
        (created.database_password ? `Database password (shown once): ${created.database_password}\n` : ''),
    );
    return EXIT.ok;
  }

  if (command === 'sites') {
    if (sub) throw new CliError(`Unknown command: sites ${sub}`, EXIT.usage);
    const server = flag(parsed, 'server');
    const query = { itemsPerPage: 100 };
    const list = server
      ? await client.call(siteRoutes.serverSites, { params: { server: idOf(server, '--server') }, query })
      : await client.call(siteRoutes.listSites, { query });
    print(list.data, table(list.data, ['id', 'name', 'server_id']));
    return EXIT.ok;
  }

  if (command === 'deploy') {
    const site = idOf(sub, 'SITE');
    const started = await client.call(deploymentRoutes.deployNow, { params: { site } });
    if (parsed.flags.has('no-follow')) {
      print(started, `Deploy started: event ${started.event.id}\n`);
      return EXIT.ok;
    }
    if (!json) io.err(`Deploying site ${site} (event ${started.event.id})\n`);
    return tail(client, started.event.id, json, io);
  }

  if (command === 'events' && sub === 'tail') return tail(client, idOf(arg, 'EVENT'), json, io);

  if (command === 'run') {
    const site = idOf(sub, 'SITE');
    const text = parsed.rest.join(' ');
    if (!text)
      throw new CliError('Give the command after --: hostdeck run SITE -- php artisan migrate', EXIT.usage);
    const started = await client.call(deploymentRoutes.runCommand, {
      params: { site },
      body: { command: text },
    });
    if (parsed.flags.has('no-follow')) {
      print(started, `Command started: event ${started.event.id}\n`);
      return EXIT.ok;
    }
    return tail(client, started.event.id, json, io);
  }

  throw new CliError(`Unknown command: ${[command, sub].filter(Boolean).join(' ')}\n\n${USAGE}`, EXIT.usage);
}

const io: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
  stdin: () => (process.stdin.isTTY ? '' : (readFileSync(0, 'utf8').split('\n')[0] ?? '')),
};

main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const json = process.argv.includes('--json');
    if (error instanceof CliError) {
      if (json)
        process.stdout.write(
          `${JSON.stringify({ error: error.message, code: error.code, errors: error.details })}\n`,
        );
      else {
        process.stderr.write(`hostdeck: ${error.message}\n`);
        for (const [field, messages] of Object.entries(error.details))
          process.stderr.write(`  ${field}: ${messages.join('; ')}\n`);
      }
      process.exitCode = error.code;
      return;
    }
    process.stderr.write(`hostdeck: ${(error as Error).message}\n`);
    process.exitCode = EXIT.failed;
  },
);
