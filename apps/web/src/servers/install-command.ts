import type { ServerDetail } from '@hostdeck/contracts';

/**
 * The "run this command on your server" method (spec/000 §2 Connect New Server): the panel answers
 * with a command that installs its public key. It is shown broken into lines at its `&&`, `||`,
 * `;` and `|` (outside quotes), each line ending with its operator, so what a reader selects by
 * hand still runs; the copy button copies the command exactly as the panel gave it.
 */
export function installCommandLines(command: string): string[] {
  const lines: string[] = [];
  let current = '';
  let quote: '"' | "'" | null = null;
  for (let index = 0; index < command.length; index += 1) {
    const char = command[index]!;
    if (quote) {
      current += char;
      if (char === '\\' && quote === '"' && index + 1 < command.length) {
        current += command[index + 1]!;
        index += 1;
      } else if (char === quote) {
        quote = null;
      }
      continue;
    }
    if (char === '\\' && index + 1 < command.length) {
      current += char + command[index + 1]!;
      index += 1;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      current += char;
      continue;
    }
    const operator = operatorAt(command, index);
    if (operator) {
      lines.push(`${current.trim()} ${operator}`.trim());
      current = '';
      index += operator.length - 1;
      continue;
    }
    current += char;
  }
  if (current.trim() !== '') lines.push(current.trim());
  return lines;
}

function operatorAt(command: string, index: number): string | null {
  const two = command.slice(index, index + 2);
  if (two === '&&' || two === '||') return two;
  const char = command[index];
  return char === ';' || char === '|' ? char : null;
}

/** A `command`-method server still waits for its command: the page shows it with "connect". */
export function awaitsInstallCommand(server: Pick<ServerDetail, 'install_command'>): server is {
  install_command: string;
} {
  return server.install_command !== null && server.install_command.trim() !== '';
}
