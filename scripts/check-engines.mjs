// Every installed package must declare support for the Node.js that runs HostDeck (issue 26): npm
// only warns about a package that does not (EBADENGINE), and such a package may use what this
// Node lacks. Reads package-lock.json, where npm records each package's `engines`.
// `node scripts/check-engines.mjs [LOCK_FILE]`; exits 1 and names each package that does not fit.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const semver = createRequire(path.join(root, 'package.json'))('semver');

/** The lock file's packages whose `engines.node` leaves out `nodeVersion`. */
export function packagesRefusingNode(lock, nodeVersion) {
  const refusing = [];
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    if (location === '') continue;
    const range = entry.engines?.node;
    // Old packages wrote engines as an array of strings; npm itself ignores that form.
    if (typeof range !== 'string') continue;
    if (!semver.satisfies(nodeVersion, range, { includePrerelease: true })) {
      refusing.push({
        name: location.replace(/^.*node_modules\//, ''),
        version: entry.version,
        range,
        location,
      });
    }
  }
  return refusing;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const lockFile = path.resolve(process.argv[2] ?? path.join(root, 'package-lock.json'));
  const refusing = packagesRefusingNode(JSON.parse(readFileSync(lockFile, 'utf8')), process.version);
  if (refusing.length === 0) {
    console.log(
      `every package in ${path.relative(root, lockFile) || lockFile} supports Node ${process.version}`,
    );
  } else {
    for (const item of refusing) {
      console.error(`✗ ${item.name}@${item.version} needs node ${item.range} (${item.location})`);
    }
    console.error(
      `${refusing.length} package(s) do not support Node ${process.version}: choose versions that do ` +
        '(`npm ls NAME` shows what pulls them in).',
    );
    process.exit(1);
  }
}
