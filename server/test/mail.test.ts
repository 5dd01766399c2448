import type { AddressInfo } from 'node:net';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { jobs, mailOutbox } from '../src/db/schema.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';

/**
 * E-mail through real SMTP: a loopback smtp-server receives what the portal sends, so the whole path
 * (outbox row, nodemailer, SMTP dialogue, the link in the body) is exercised, then the link is used.
 */

interface Received {
  from: string;
  to: string[];
  raw: string;
}

async function startSmtpServer() {
  const received: Received[] = [];
  // Plain SMTP without TLS or AUTH, as a relay on the same machine would be.
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(); // answered only once stored, so the portal's send resolves after this
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The text body of a single-part message, undoing the transfer encoding nodemailer chose for long lines. */
function textBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1].toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const outboxFor = (server: TestServer, to: string) =>
  server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe(`password reset e-mail over SMTP (${databaseKind})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let portal: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    portal = await startTestServer({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Product Hub <no-reply@portal.test>',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    });
  });
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  it('sends the reset link by SMTP, marks the outbox row sent, and the link sets a new password', async () => {
    const client = new Client(portal.url);
    const forgot = await client.post('/api/user/password/forgot', { email: 'supplier@example.com' });
    expect(forgot.status).toBe(202);
    await portal.ctx.jobs!.drain(); // the mail is written and sent by a background job

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message.to).toEqual(['supplier@example.com']);
    expect(message.from).toBe('no-reply@portal.test');
    expect(message.raw).toMatch(/^Subject: Reset your Product Hub password\r?$/m);
    const link = new RegExp(`${portal.config.publicUrl}/reset-password/([A-Za-z0-9_-]+)`).exec(textBody(message.raw));
    expect(link).not.toBeNull();
    const token = link![1];

    const [row] = await outboxFor(portal, 'supplier@example.com');
    expect(row.sentAt).not.toBeNull();
    expect(row.error).toBeNull();

    const reset = await client.post('/api/user/password/reset', { token, newPassword: 'Brand-new-pass-9' });
    expect(reset.status).toBe(204);
    expect((await new Client(portal.url).login('supplier@example.com', 'Brand-new-pass-9')).email).toBe(
      'supplier@example.com',
    );
    const old = await new Client(portal.url).post('/api/auth/login', {
      username: 'supplier@example.com',
      password: 'Supplier-demo-1',
    });
    expect(old.status).toBe(401);
    // The link works once.
    expect((await client.post('/api/user/password/reset', { token, newPassword: 'Another-pass-10' })).status).toBe(400);
  });

  it('sends nothing for an unknown address, and answers the same', async () => {
    const before = smtp.received.length;
    const res = await new Client(portal.url).post('/api/user/password/forgot', { email: 'nobody@example.com' });
    expect(res.status).toBe(202);
    await portal.ctx.jobs!.drain();
    expect(smtp.received).toHaveLength(before);
  });
});

describe(`SMTP relay unreachable for a while (${databaseKind})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let relay: FaultProxy;
  let portal: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    relay = await startFaultProxy({ host: '127.0.0.1', port: smtp.port });
    portal = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${relay.port}` });
  });
  afterAll(async () => {
    await portal?.close();
    await relay?.close();
    await smtp?.close();
  });

  it('still answers 202; the mail waits, spending no attempt, and goes once the relay is back, with no retry by hand', async () => {
    relay.refuse();
    const res = await new Client(portal.url).post('/api/user/password/forgot', { email: 'supplier@example.com' });
    expect(res.status).toBe(202);
    await portal.ctx.jobs!.drain();
    const [waiting] = await portal.database.db.select().from(jobs).where(eq(jobs.name, 'auth.passwordResetMail'));
    expect(waiting).toMatchObject({ status: 'queued', attempts: 0, transientFailures: 1 });
    expect(waiting.lastError).toBe('Error: Unexpected socket close');
    expect(smtp.received).toHaveLength(0);

    relay.restore();
    // The retry's backoff brought forward: the test drives the queue instead of waiting it out.
    await portal.database.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, waiting.id));
    await portal.ctx.jobs!.drain();
    expect(smtp.received.map((m) => m.to)).toEqual([['supplier@example.com']]);
    const rows = await outboxFor(portal, 'supplier@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0].sentAt).not.toBeNull();
  });
});
