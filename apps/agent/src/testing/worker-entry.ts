import { runWorker } from '../workers/worker-process.js';
import { WORKER_FLAG } from '../workers/worker-protocol.js';
import { echoFileHandlers } from './agent-test-support.js';

// Test support: a per-user worker serving the echo handlers (started by the agent under test).
const index = process.argv.indexOf(WORKER_FLAG);
runWorker(process.argv[index + 1]!, echoFileHandlers);
