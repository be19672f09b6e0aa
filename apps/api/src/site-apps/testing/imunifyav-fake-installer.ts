// Test support (used by no production code): a stand-in for CloudLinux's imav-deploy.sh, served
// over HTTP on 0.0.0.0 so a test server (which reaches only the host end of its /30) downloads it
// from SITE_APPS_IMUNIFYAV_INSTALLER_URL as it would download the vendor's. The real installer
// needs CloudLinux's repositories (no internet here); this one does what the stand-alone guide
// says the real one does with the UI: it reads `ui_path` and `ui_path_owner` from
// /etc/sysconfig/imunify360/integration.conf (written before it runs), puts the UI (a PHP page)
// there and chowns it. It also records each run (/var/lib/hostdeck-fake-imav/runs) and refuses to
// run without the file or as another user than root.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostEndAddress } from '../../../../../tools/test-server/npm-mirror.js';
import type { TestServer } from '../../../../../tools/test-server/index.js';

/** What the fake UI's PHP prints (the source holds it split, so PHP must run to print it). */
export const FAKE_IMAV_PAGE = 'ImunifyAV fake UI served by PHP';

export const FAKE_IMAV_SCRIPT = `#!/bin/bash
# HostDeck test stand-in for imav-deploy.sh (apps/api/src/site-apps/testing).
set -euo pipefail
[[ $(id -u) == 0 ]] || { echo "imav-deploy: run me as root" >&2; exit 1; }
conf=/etc/sysconfig/imunify360/integration.conf
[[ -f $conf ]] || { echo "imav-deploy: $conf is missing" >&2; exit 1; }
ui_path=$(sed -n 's/^ui_path *= *//p' "$conf" | head -n 1)
owner=$(sed -n 's/^ui_path_owner *= *//p' "$conf" | head -n 1)
[[ $ui_path == /* ]] || { echo "imav-deploy: no ui_path in $conf" >&2; exit 1; }
mkdir -p "$ui_path"
printf '%s\\n' '<?php' "echo 'ImunifyAV fake UI ' . 'served by PHP';" > "$ui_path/index.php"
if [[ -n $owner ]]; then chown -R "$owner" "$ui_path"; fi
mkdir -p /var/lib/hostdeck-fake-imav
echo "ran in $(pwd) ui_path=$ui_path owner=$owner" >> /var/lib/hostdeck-fake-imav/runs
echo "imav-deploy (fake): installed the UI in $ui_path"
`;

export interface FakeImunifyavInstaller {
  urlFor(server: TestServer): string;
  sha256: string;
  stop(): Promise<void>;
}

export async function startFakeImunifyavInstaller(): Promise<FakeImunifyavInstaller> {
  const server: Server = createServer((request, response) => {
    if (request.url !== '/imav-deploy.sh') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/x-shellscript' }).end(FAKE_IMAV_SCRIPT);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '0.0.0.0', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    urlFor: (target) => `http://${hostEndAddress(target)}:${port}/imav-deploy.sh`,
    sha256: createHash('sha256').update(FAKE_IMAV_SCRIPT).digest('hex'),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
