/**
 * The mail server of the orders benchmark: a real SMTP server (the smtp-server
 * package) in the benchmark process, on 127.0.0.1 and a free port, that takes
 * every message without authentication and counts what it received. The store
 * sends its outbox here (SMTP_URL), so the orders run with the mail worker on.
 *
 * Messages are not parsed (mailparser would cost the load generator CPU); only
 * the Message-ID header is read, which names the outbox row
 * (src/server/notifications/worker.ts: <outbox id>.outbox@domain).
 */
import { SMTPServer } from 'smtp-server';

export interface BenchSmtp {
  /** smtp://127.0.0.1:port */
  url: string;
  /** Messages accepted (answered 250), resends included. */
  received(): number;
  /** Outbox ids named by the Message-ID of the messages accepted. */
  outboxIds(): ReadonlySet<string>;
  close(): Promise<void>;
}

const MESSAGE_ID = /^message-id:\s*<([^>.]+)\.outbox@/im;

export async function startBenchSmtp(): Promise<BenchSmtp> {
  let received = 0;
  const ids = new Set<string>();
  const server = new SMTPServer({
    secure: false,
    // Plain SMTP on loopback: no STARTTLS (nodemailer would refuse its self-signed certificate), no AUTH.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 200,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        // The headers are all that is kept; the body is read and dropped.
        if (head.length < 16_384 && !head.includes('\r\n\r\n')) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        received++;
        const id = head.split('\r\n\r\n')[0]?.match(MESSAGE_ID)?.[1];
        if (id) ids.add(id);
        callback();
      });
    },
  });
  server.on('error', () => {
    // A client that vanished mid-message (the killed store) is expected here.
  });
  await new Promise<void>((done, fail) => {
    server.server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    outboxIds: () => ids,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
