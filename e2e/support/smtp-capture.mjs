// A real SMTP server for the browser tests (started by playwright.config.ts as a web server): the
// panel sends its mail here over SMTP, and tests read what arrived over a small HTTP endpoint.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_CAPTURE_PORT ?? 18_025);
const httpPort = Number(process.env.SMTP_CAPTURE_HTTP_PORT ?? 18_026);
/** @type {{ to: string[]; from: string; raw: string; receivedAt: string }[]} */
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      messages.push({
        to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/health') return response.end('ok');
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const found = to ? messages.filter((message) => message.to.includes(to)) : messages;
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify(found));
    }
    response.statusCode = 404;
    response.end();
  })
  .listen(httpPort, '127.0.0.1');
