/**
 * A real SMTP server (the smtp-server package) inside the test process, for the
 * mail tests and the mail kill test. It parses what it receives with mailparser
 * and can hold a message (read it whole, never answer) or refuse it, so a test
 * can catch the store in the middle of a send. Tests wait on its events, never
 * on fixed times.
 */
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: Date | undefined;
  raw: string;
}

/** What the server does with the next message: take it, hold it unanswered, or refuse it (451). */
export type SmtpMode = 'accept' | 'hold' | 'refuse';

export interface TestSmtp {
  port: number;
  /** smtp://[user:pass@]127.0.0.1:port */
  url: string;
  /** Messages the server accepted (the client got its 250). */
  received: ReceivedMail[];
  /** Messages read whole and left unanswered. */
  held: ReceivedMail[];
  /** Messages refused with 451. */
  refused: number;
  /** Connections opened by clients. */
  connections: number;
  mode: SmtpMode;
  /** Resolves when `count` messages were accepted in all. */
  waitForReceived: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  /** Resolves when `count` messages are held. */
  waitForHeld: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

export async function startTestSmtp(
  options: {
    port?: number;
    auth?: { user: string; pass: string };
    mode?: SmtpMode;
    /** Called with each message the server accepts (the e2e server files them in a mailbox). */
    onReceived?: (mail: ReceivedMail) => void;
  } = {},
): Promise<TestSmtp> {
  const waiters: Array<() => void> = [];
  const changed = () => {
    for (const w of waiters.splice(0)) w();
  };
  const state: TestSmtp = {
    port: 0,
    url: '',
    received: [],
    held: [],
    refused: 0,
    connections: 0,
    mode: options.mode ?? 'accept',
    waitForReceived: (count, timeoutMs) => waitUntil(() => state.received.length >= count, timeoutMs, 'received'),
    waitForHeld: (count, timeoutMs) => waitUntil(() => state.held.length >= count, timeoutMs, 'held'),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  const waitUntil = (ready: () => boolean, timeoutMs = 20_000, what = 'received') =>
    new Promise<ReceivedMail[]>((resolve, reject) => {
      const check = () => {
        if (ready()) {
          clearTimeout(timer);
          resolve(what === 'held' ? state.held : state.received);
        } else waiters.push(check);
      };
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `test SMTP: waited ${timeoutMs} ms; ${state.received.length} received, ${state.held.length} held`,
            ),
          ),
        timeoutMs,
      );
      check();
    });

  const server = new SMTPServer({
    secure: false,
    // Plain SMTP on loopback: no STARTTLS (its self-signed certificate would be refused).
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 200,
    onConnect(_session, callback) {
      state.connections++;
      changed();
      callback();
    },
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mode = state.mode;
        simpleParser(raw).then((parsed) => {
          const mail: ReceivedMail = {
            messageId: parsed.messageId ?? '',
            from: addresses(parsed.from)[0] ?? '',
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: parsed.date,
            raw,
          };
          if (mode === 'hold') {
            // Never answered: the client waits for its 250 until it gives up or dies.
            state.held.push(mail);
          } else if (mode === 'refuse') {
            state.refused++;
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          } else {
            state.received.push(mail);
            options.onReceived?.(mail);
            callback();
          }
          changed();
        }, callback);
      });
    },
  });
  server.on('error', () => {
    // A client that vanished mid-message (a killed store) is expected here.
  });
  await new Promise<void>((done, fail) => {
    server.server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => done());
  });
  const address = server.server.address();
  state.port = typeof address === 'object' && address ? address.port : 0;
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : '';
  state.url = `smtp://${credentials}127.0.0.1:${state.port}`;
  return state;
}
