// Runs pebble for the browser tests until Playwright stops it (a webServer of playwright.config.ts).
import { createServer } from 'node:http';
import { startPebble } from '../../tools/pebble/index';
import { E2E_PEBBLE } from './pebble';

const pebble = await startPebble({
  // Nothing answers there: each test points its own names at its test server (pointPebbleAt).
  defaultIpv4: '127.0.0.2',
  ports: E2E_PEBBLE.ports,
  directory: E2E_PEBBLE.directory,
});
const root = await pebble.issuingRoot();
// Health and the issuing root, for the tests that check a served certificate's chain.
const health = createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end(request.url === '/root' ? root : 'ok');
});
health.listen(E2E_PEBBLE.healthPort, '127.0.0.1');
const stop = () => {
  health.close();
  void pebble.stop().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
