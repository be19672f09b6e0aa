// Builds the agent's self-contained bundle (ARCHITECTURE.md, Agent): nothing has to be installed on
// the server for it to run. dist/hostdeck-agent-<version>.tar.gz holds, at its top level:
//   node       this machine's Node runtime (process.execPath, stripped when `strip` exists;
//              the dynamic symbols native addons link against stay)
//   agent.cjs  the agent's main process (router, tokens, terminal, workers) in one CommonJS file (esbuild)
//   files.cjs  the file API (src/files) and its dependencies, loaded on the first file call: kept
//              apart, its code does not weigh on an idle agent's memory (issue 6: idle ≤ 50 MB)
//   pty.node   node-pty's native addon, loaded from beside agent.cjs
//   VERSION    the agent version (AGENT_VERSION of packages/contracts/src/agent-version.ts)
// The install recipe (packages/recipes/src/agent) unpacks it into /opt/hostdeck-agent/<version>.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const agentDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDirectory = path.join(agentDirectory, 'dist');
// Per process: server test files build the bundle at the same time (three workers), and a shared
// stage or temporary archive let one build delete or overwrite another's files half-way.
const stage = path.join(distDirectory, `stage-${process.pid}`);
const require = createRequire(path.join(agentDirectory, 'package.json'));

// The version is shared with the panel, so it lives in contracts (the panel never imports the agent).
const versionSource = path.resolve(agentDirectory, '../../packages/contracts/src/agent-version.ts');
const versionMatch = /AGENT_VERSION\s*=\s*(\d+)/.exec(readFileSync(versionSource, 'utf8'));
if (!versionMatch) throw new Error(`AGENT_VERSION not found in ${versionSource}`);
const version = Number(versionMatch[1]);

/**
 * node-pty looks for its addon in build/Release, build/Debug and prebuilds relative to its own
 * folder. In the bundle there is no such folder: load pty.node from beside agent.cjs instead.
 */
const ptyAddonBesideBundle = {
  name: 'pty-addon-beside-bundle',
  setup(context) {
    context.onLoad({ filter: /node-pty[\\/]lib[\\/]utils\.js$/ }, () => ({
      loader: 'js',
      contents: [
        '"use strict";',
        'Object.defineProperty(exports, "__esModule", { value: true });',
        'exports.assign = function assign(target, ...sources) {',
        '  sources.forEach((source) => Object.keys(source).forEach((key) => (target[key] = source[key])));',
        '  return target;',
        '};',
        'exports.loadNativeModule = function loadNativeModule(name) {',
        '  return { dir: __dirname, module: require(require("path").join(__dirname, name + ".node")) };',
        '};',
      ].join('\n'),
    }));
  },
};

const startedAt = Date.now();
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });

/** The file API is its own file: cli.ts's `import('./files/index.js')` loads files.cjs at run time. */
const filesBesideBundle = {
  name: 'files-beside-bundle',
  setup(context) {
    context.onResolve({ filter: /^\.\/files\/index\.js$/ }, (args) =>
      args.importer.endsWith(`${path.sep}cli.ts`) ? { path: './files.cjs', external: true } : undefined,
    );
  },
};

/**
 * The contracts package's modules only build schemas and constants: when nothing of a module is
 * used, it can go. The file API uses a few grammars; the schemas of the panel's other areas stay
 * out of files.cjs (less memory once it is loaded). index.ts's bare import of
 * validation-messages.ts may go too: grammars.ts imports it, which applies its zod settings.
 */
const contractsSource = path.resolve(agentDirectory, '../../packages/contracts/src');
const sideEffectFreeContracts = {
  name: 'side-effect-free-contracts',
  setup(context) {
    context.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.resolving) return undefined;
      if (!args.path.startsWith('@hostdeck/contracts') && !args.importer.startsWith(contractsSource))
        return undefined;
      const result = await context.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { resolving: true },
      });
      if (result.errors.length > 0 || !result.path.startsWith(contractsSource)) return result;
      return { path: result.path, sideEffects: false };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // `--debug`: readable output (to see what the agent loads at start).
  minify: !process.argv.includes('--debug'),
  legalComments: 'none',
  logLevel: 'warning',
  // Optional speed-ups of ws, absent on purpose (ws falls back to JavaScript).
  external: ['bufferutil', 'utf-8-validate'],
};
await build({
  ...common,
  entryPoints: [path.join(agentDirectory, 'src/cli.ts')],
  outfile: path.join(stage, 'agent.cjs'),
  plugins: [ptyAddonBesideBundle, filesBesideBundle],
});
await build({
  ...common,
  entryPoints: [path.join(agentDirectory, 'src/files/index.ts')],
  outfile: path.join(stage, 'files.cjs'),
  plugins: [sideEffectFreeContracts],
  logOverride: { 'ignored-bare-import': 'silent' },
});

const ptyPackage = path.dirname(require.resolve('node-pty/package.json'));
copyFileSync(path.join(ptyPackage, 'build/Release/pty.node'), path.join(stage, 'pty.node'));

const node = path.join(stage, 'node');
copyFileSync(process.execPath, node);
chmodSync(node, 0o755);
try {
  execFileSync('strip', ['--strip-all', node], { stdio: 'ignore' });
} catch {
  console.warn('strip is not available: the Node runtime keeps its debug symbols (a larger bundle)');
}
writeFileSync(path.join(stage, 'VERSION'), `${version}\n`);

// The bundle must start on its own before it is shipped.
const reported = execFileSync(node, [path.join(stage, 'agent.cjs'), '--version'], {
  encoding: 'utf8',
}).trim();
if (reported !== String(version))
  throw new Error(`the bundle reports version ${reported}, expected ${version}`);

const sizes = {
  node: statSync(node).size,
  script: statSync(path.join(stage, 'agent.cjs')).size + statSync(path.join(stage, 'files.cjs')).size,
  addon: statSync(path.join(stage, 'pty.node')).size,
};
const archive = path.join(distDirectory, `hostdeck-agent-${version}.tar.gz`);
const temporary = `${archive}.${process.pid}.tmp`;
execFileSync('tar', ['--owner=0', '--group=0', '--numeric-owner', '-czf', temporary, '-C', stage, '.']);
execFileSync('mv', ['-f', '--', temporary, archive]);
if (!process.argv.includes('--debug')) rmSync(stage, { recursive: true, force: true });

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
process.stdout.write(
  `${path.relative(process.cwd(), archive)}: ${megabytes(statSync(archive).size)} ` +
    `(unpacked: node ${megabytes(sizes.node)}, agent.cjs + files.cjs ${megabytes(sizes.script)}, pty.node ${megabytes(sizes.addon)}), ` +
    `built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`,
);
