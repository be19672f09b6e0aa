import { hasControlCharacters } from '@hostdeck/contracts';
import {
  SERVICE_UNIT_MARKER,
  type ServiceEnvironment,
  type ServiceRestartPolicy,
} from '@hostdeck/contracts/services';

/** What the panel's unit file is rendered from: fields already checked by their grammars. */
export interface ServiceUnitFields {
  name: string;
  description: string;
  exec_start: string;
  working_directory?: string | undefined;
  user: string;
  restart: ServiceRestartPolicy;
  environment: ServiceEnvironment;
}

/**
 * The text of `/etc/systemd/system/<name>.service` for a service made in the panel, first line the
 * marker. Every value passed its grammar (contracts/services.ts): one line, none of `% $ \ "`,
 * so no value can add a directive or be expanded; environment values are quoted, as systemd reads
 * `Environment="KEY=value with spaces"`.
 */
export function renderServiceUnit(fields: ServiceUnitFields): string {
  const lines = [
    `${SERVICE_UNIT_MARKER}: made in the panel's Services page (${fields.name}). Deleting it there removes this file.`,
    '[Unit]',
    `Description=${fields.description}`,
    'After=network.target',
    '',
    '[Service]',
    'Type=simple',
    `ExecStart=${fields.exec_start}`,
    ...(fields.working_directory ? [`WorkingDirectory=${fields.working_directory}`] : []),
    `User=${fields.user}`,
    `Restart=${fields.restart}`,
    'RestartSec=3',
    ...fields.environment.map(({ key, value }) => `Environment="${key}=${value}"`),
    '',
    '[Install]',
    'WantedBy=multi-user.target',
  ];
  for (const line of lines) {
    // The grammars already refuse these; a second guard so a rendered unit can never hold one.
    if (hasControlCharacters(line)) throw new Error('a unit line holds a control character');
  }
  return lines.join('\n');
}
