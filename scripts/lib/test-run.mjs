// One tag per `npm test` run for its test servers (tools/test-server, HOSTDECK_TEST_RUN): the servers
// of two runs on one host (a CI clone and a developer's run) get different names, and each run's
// `down-all` stops its own only.
import { existsSync, readdirSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import path from 'node:path';

const DIGITS = '0123456789';
const TAG_CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * HOSTDECK_TEST_RUN when set, else a tag (a digit, then a letter or digit) no server on the host
 * carries and that is not in `besides` (the tags this run already took for its other tiers).
 */
export function testRunTag(env = process.env, besides = []) {
  if (env.HOSTDECK_TEST_RUN && !besides.includes(env.HOSTDECK_TEST_RUN)) return env.HOSTDECK_TEST_RUN;
  const servers = path.join(env.HOSTDECK_TEST_SERVER_HOME ?? '/var/lib/hostdeck-test-servers', 'servers');
  const taken = new Set(
    (existsSync(servers) ? readdirSync(servers) : [])
      .map((name) => /^([0-9][a-z0-9])[a-z]/.exec(name)?.[1])
      .filter(Boolean),
  );
  const free = [...DIGITS].flatMap((digit) => [...TAG_CHARACTERS].map((second) => digit + second));
  const candidates = free.filter((tag) => !taken.has(tag) && !besides.includes(tag));
  return candidates[randomInt(candidates.length)];
}
