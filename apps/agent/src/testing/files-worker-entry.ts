import { runWorker } from '../workers/worker-process.js';
import { WORKER_FLAG } from '../workers/worker-protocol.js';

// Test support: a per-user worker serving the real file API (started by the agent under test).
const index = process.argv.indexOf(WORKER_FLAG);
runWorker(process.argv[index + 1]!, await import('../files/index.js'));
