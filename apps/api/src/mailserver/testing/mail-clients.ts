import net from 'node:net';
import tls from 'node:tls';

/**
 * Test support (no production code uses it): the smallest SMTP and IMAP clients the mail server
 * tests need, over node:net and node:tls, so a test speaks to Postfix and Dovecot as a mail
 * program does. Certificates are not checked (the test servers' are self-signed).
 */

type Socket = net.Socket | tls.TLSSocket;

function lineReader(socket: Socket) {
  let buffer = '';
  const waiting: ((text: string) => void)[] = [];
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString('latin1');
    waiting.splice(0).forEach((wake) => wake(buffer));
  };
  socket.on('data', onData);
  return {
    /** Resolves with the buffered text once `done(text)` is true; clears it. */
    until(done: (text: string) => boolean, timeoutMs = 30_000): Promise<string> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out; got ${JSON.stringify(buffer)}`)),
          timeoutMs,
        );
        const check = () => {
          if (done(buffer)) {
            clearTimeout(timer);
            const text = buffer;
            buffer = '';
            resolve(text);
          } else waiting.push(check);
        };
        check();
      });
    },
    detach: () => socket.off('data', onData),
  };
}

/** An SMTP reply is complete when its last line is `NNN ` (not `NNN-`). */
const smtpComplete = (text: string) => /(^|\r\n)\d{3} [^\r\n]*\r\n$/.test(text);
const smtpCode = (text: string) => Number(/(?:^|\r\n)(\d{3}) [^\r\n]*\r\n$/.exec(text)?.[1] ?? 0);

export interface SmtpSession {
  command(line: string): Promise<{ code: number; text: string }>;
  /** DATA, the message (dot-stuffed here), then `.`: the final reply. */
  data(message: string): Promise<{ code: number; text: string }>;
  close(): void;
}

/**
 * Opens an SMTP session: the greeting, EHLO, then STARTTLS and EHLO again when `starttls`, then
 * AUTH PLAIN when `auth` is given (throws when a step is refused).
 */
export async function smtpSession(
  host: string,
  port: number,
  options: { starttls?: boolean; auth?: { user: string; password: string } } = {},
): Promise<SmtpSession> {
  let socket: Socket = net.connect({ host, port });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let reader = lineReader(socket);
  const command = async (line: string) => {
    socket.write(`${line}\r\n`);
    const text = await reader.until(smtpComplete);
    return { code: smtpCode(text), text };
  };
  await reader.until(smtpComplete);
  let reply = await command('EHLO client.test');
  if (reply.code !== 250) throw new Error(`EHLO refused: ${reply.text}`);
  if (options.starttls) {
    reply = await command('STARTTLS');
    if (reply.code !== 220) throw new Error(`STARTTLS refused: ${reply.text}`);
    reader.detach();
    socket = tls.connect({ socket: socket as net.Socket, rejectUnauthorized: false, servername: host });
    await new Promise<void>((resolve, reject) => socket.once('secureConnect', resolve).once('error', reject));
    reader = lineReader(socket);
    reply = await command('EHLO client.test');
    if (reply.code !== 250) throw new Error(`EHLO after STARTTLS refused: ${reply.text}`);
  }
  if (options.auth) {
    const token = Buffer.from(`\0${options.auth.user}\0${options.auth.password}`).toString('base64');
    reply = await command(`AUTH PLAIN ${token}`);
    if (reply.code !== 235) throw new Error(`AUTH refused: ${reply.text}`);
  }
  return {
    command,
    async data(message: string) {
      const start = await command('DATA');
      if (start.code !== 354) return start;
      const body = message
        .replace(/\r?\n/g, '\r\n')
        .split('\r\n')
        .map((line) => (line.startsWith('.') ? `.${line}` : line))
        .join('\r\n');
      return command(`${body}\r\n.`);
    },
    close() {
      socket.write('QUIT\r\n');
      socket.end();
    },
  };
}

/** IMAP over TLS (993): LOGIN then the tagged reply of each command. */
export async function imapSession(host: string, port = 993) {
  const socket = tls.connect({ host, port, rejectUnauthorized: false });
  await new Promise<void>((resolve, reject) => socket.once('secureConnect', resolve).once('error', reject));
  const reader = lineReader(socket);
  await reader.until((text) => text.includes('\r\n'));
  let tag = 0;
  const command = async (line: string) => {
    tag += 1;
    const id = `a${tag}`;
    socket.write(`${id} ${line}\r\n`);
    const text = await reader.until((buffer) =>
      new RegExp(`(^|\\r\\n)${id} (OK|NO|BAD)[^\\r\\n]*\\r\\n$`).test(buffer),
    );
    const status = new RegExp(`(?:^|\\r\\n)${id} (OK|NO|BAD)`).exec(text)![1]!;
    return { status, text };
  };
  const quote = (value: string) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
  return {
    login: (user: string, password: string) => command(`LOGIN ${quote(user)} ${quote(password)}`),
    command,
    close() {
      socket.write(`z LOGOUT\r\n`);
      socket.end();
    },
  };
}
