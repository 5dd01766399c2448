import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';

/**
 * A mail catcher for the browser tests: the portal sends by SMTP to it (SMTP_URL=smtp://127.0.0.1:2525)
 * and a spec reads what arrived over HTTP, e.g. to follow a password-reset link.
 *
 *   GET    /messages            every message, oldest first: [{ to, subject, text }]
 *   GET    /messages?to=ADDRESS only those sent to ADDRESS (specs running in parallel use different users)
 *   DELETE /messages            forget them all
 *
 * Run: node --import tsx e2e/support/mail-catcher.ts
 * Ports: MAIL_CATCHER_SMTP_PORT (2525), MAIL_CATCHER_HTTP_PORT (2580); loopback only; messages in memory.
 */

export interface CaughtMessage {
  /** Envelope recipients, comma-separated (the portal sends to one address at a time). */
  to: string;
  subject: string;
  text: string;
}

export async function startMailCatcher(ports: { smtp: number; http: number }) {
  const messages: CaughtMessage[] = [];

  // Plain SMTP, no TLS or AUTH: only processes on this machine talk to it.
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, text } = parseMessage(Buffer.concat(chunks).toString('latin1'));
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(', '),
          subject: decodeWords(headers.get('subject') ?? ''),
          text,
        });
        callback();
      });
    },
  });

  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/messages') return void res.writeHead(404).end();
    if (req.method === 'DELETE') {
      messages.length = 0;
      return void res.writeHead(204).end();
    }
    if (req.method !== 'GET') return void res.writeHead(405, { allow: 'GET, DELETE' }).end();
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = to ? messages.filter((m) => m.to.toLowerCase().split(', ').includes(to)) : messages;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(list));
  });

  await new Promise<void>((resolve, reject) => {
    smtp.on('error', reject);
    smtp.listen(ports.smtp, '127.0.0.1', resolve);
  });
  await listen(http, ports.http);
  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    httpPort: (http.address() as AddressInfo).port,
    messages,
    async stop() {
      http.closeAllConnections();
      await Promise.all([new Promise((r) => http.close(r)), new Promise((r) => smtp.close(() => r(undefined)))]);
    },
  };
}

function listen(server: Server, port: number) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

/*
 * Just enough MIME for what nodemailer sends: folded headers, quoted-printable or base64 bodies, and
 * multipart messages (text plus html) from which the text/plain part is taken. The raw message is
 * handled as latin1 so every byte survives until the body is decoded as UTF-8.
 */
function parseMessage(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => parseMessage(p.replace(/^\r?\n/, '')));
    const plain = parts.find((p) => /^text\/plain/i.test(p.headers.get('content-type') ?? 'text/plain') && p.text);
    return { headers, text: (plain ?? parts.find((p) => p.text))?.text ?? '' };
  }
  if (!/^text\//i.test(type)) return { headers, text: '' };
  return { headers, text: decodeBody(body, headers.get('content-transfer-encoding')).replace(/\r\n/g, '\n') };
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body, 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(unquote(body.replace(/=\r?\n/g, '')), 'latin1').toString('utf8');
    default:
      return Buffer.from(body, 'latin1').toString('utf8');
  }
}

const unquote = (s: string) =>
  s.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** RFC 2047 encoded words in headers (a subject with accents arrives as =?UTF-8?Q?...?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(unquote(data.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const catcher = await startMailCatcher({
    smtp: Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 2525),
    http: Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 2580),
  });
  console.log(
    `mail catcher: SMTP on 127.0.0.1:${catcher.smtpPort}, messages at http://127.0.0.1:${catcher.httpPort}/messages`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void catcher.stop().then(() => process.exit(0)));
  }
}
