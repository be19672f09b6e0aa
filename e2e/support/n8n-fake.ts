import { expect } from '@playwright/test';
import { runOnTestServer, type TestServer } from '../../tools/test-server/index';

/**
 * A stand-in for n8n on a test server, for the browser journey (e2e/tests/n8n.spec.ts): the real
 * n8n takes 4 to 10 minutes to install and is proven on a server by
 * packages/recipes/src/n8n/n8n.server.test.ts. This puts on the server what n8n-install leaves
 * (the environment file, the unit, `.n8n-app/VERSION` with its completion mark, Node.js in
 * /opt/hostdeck/n8n-node: Debian's) with a small
 * `n8n` of Python in place of n8n's own: `start` answers the health check and an editor page on
 * 127.0.0.1:PORT; the CLI commands the recipes call (import, export, update:workflow, licence,
 * user management, MFA) keep their workflows and credentials in `.n8n/fake.json`. The panel's
 * recipes then run unchanged against it.
 */
const FAKE_N8N = String.raw`#!/usr/bin/env python3
import http.server, json, os, sys
home = os.environ.get("N8N_USER_FOLDER") or os.environ["HOME"]
store = os.path.join(home, ".n8n", "fake.json")

def load():
    try:
        with open(store) as f:
            return json.load(f)
    except FileNotFoundError:
        return {"workflows": [], "credentials": []}

def save(data):
    os.makedirs(os.path.dirname(store), exist_ok=True)
    with open(store, "w") as f:
        json.dump(data, f)

command = sys.argv[1] if len(sys.argv) > 1 else ""
flags = {}
for arg in sys.argv[2:]:
    name, _, value = arg[2:].partition("=")
    flags[name] = value

class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path.startswith("/healthz"):
            body, kind = b'{"status":"ok"}', "application/json"
        else:
            body, kind = b"<!DOCTYPE html><title>n8n.io - fake</title>", "text/html"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

def upsert(kind):
    with open(flags["input"]) as f:
        items = json.load(f)
    data = load()
    for item in items if isinstance(items, list) else [items]:
        if kind == "credentials" and isinstance(item.get("data"), dict):
            item["data"] = "encrypted:" + str(len(json.dumps(item["data"])))
        data[kind] = [x for x in data[kind] if x["id"] != item["id"]] + [item]
    save(data)
    print("Successfully imported %d %s." % (len(items) if isinstance(items, list) else 1, kind))

def export(kind):
    items = load()[kind]
    if "id" in flags:
        items = [x for x in items if x["id"] == flags["id"]]
    if not items:
        print("No %s found with specified filters" % kind, file=sys.stderr)
        sys.exit(1)
    with open(flags["output"], "w") as f:
        json.dump(items, f)

if command == "start":
    address = (os.environ["N8N_LISTEN_ADDRESS"], int(os.environ["N8N_PORT"]))
    http.server.ThreadingHTTPServer(address, Handler).serve_forever()
elif command == "import:workflow":
    upsert("workflows")
elif command == "import:credentials":
    upsert("credentials")
elif command == "export:workflow":
    export("workflows")
elif command == "export:credentials":
    export("credentials")
elif command == "update:workflow":
    data = load()
    for workflow in data["workflows"]:
        if workflow["id"] == flags["id"]:
            workflow["active"] = flags["active"] == "true"
    save(data)
elif command == "license:info":
    print("Printing license information:\nPlan: Community (fake)")
elif command == "mfa:disable":
    print("Successfully disabled MFA for user with email: " + flags["email"])
elif command in ("license:clear", "user-management:reset", "ldap:reset"):
    print("done: " + command)
else:
    print("unknown command " + command, file=sys.stderr)
    sys.exit(1)
`;

/** Puts the fake n8n on `server` for SITE (user USER) on 127.0.0.1:PORT and starts its unit. */
export async function installFakeN8n(
  server: TestServer,
  { site, user, port, version }: { site: string; user: string; port: number; version: string },
): Promise<void> {
  const home = `/home/${user}/${site}`;
  const app = `${home}/.n8n-app/${version}`;
  const unit = `hostdeck-n8n-${site}.service`;
  const script = [
    'set -euo pipefail',
    `runuser -u ${user} -- mkdir -p ${app}/node_modules/.bin ${app}/node_modules/n8n ${home}/.n8n`,
    `runuser -u ${user} -- tee ${app}/node_modules/.bin/n8n >/dev/null <<'FAKE'\n${FAKE_N8N}FAKE`,
    `chmod +x ${app}/node_modules/.bin/n8n`,
    `printf '{\\n  "name": "n8n",\\n  "version": "${version}",\\n  "private": true\\n}\\n' | runuser -u ${user} -- tee ${app}/node_modules/n8n/package.json >/dev/null`,
    `runuser -u ${user} -- touch ${app}/.hostdeck-complete`,
    // The recipes read n8n's exports with the Node.js n8n-install unpacks: Debian's stands in.
    'mkdir -p /opt/hostdeck/n8n-node/bin && ln -sfn /usr/bin/node /opt/hostdeck/n8n-node/bin/node',
    'mkdir -p /etc/hostdeck/n8n',
    `cat > /etc/hostdeck/n8n/${site}.env <<ENV
HOSTDECK_N8N_APP=${app}
HOME=${home}
PATH=/usr/bin:/bin
N8N_USER_FOLDER=${home}
N8N_HOST=${site}
N8N_PORT=${port}
N8N_LISTEN_ADDRESS=127.0.0.1
ENV`,
    `chown root:${user} /etc/hostdeck/n8n/${site}.env && chmod 0640 /etc/hostdeck/n8n/${site}.env`,
    `cat > /etc/systemd/system/${unit} <<UNIT
[Unit]
Description=fake n8n of ${site} (browser tests)
[Service]
User=${user}
WorkingDirectory=${home}
EnvironmentFile=/etc/hostdeck/n8n/${site}.env
ExecStart=${app}/node_modules/.bin/n8n start
Restart=on-failure
RestartSec=2
[Install]
WantedBy=multi-user.target
UNIT`,
    'systemctl daemon-reload',
    `systemctl enable --now ${unit}`,
    `for _ in $(seq 1 50); do curl -fsS -o /dev/null http://127.0.0.1:${port}/healthz/readiness && exit 0; sleep 0.2; done; exit 1`,
  ].join('\n');
  const result = await runOnTestServer(server, ['bash', '-c', script]);
  expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
}
