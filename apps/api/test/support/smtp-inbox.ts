import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** A message as a real SMTP server received it, decoded enough to read. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  rcpt: string[];
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** performance.now() when the server had the whole message (the bench's clock). */
  arrivedAt: number;
}

/** Undoes quoted-printable: soft line breaks and =XX bytes. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Headers of one MIME part (folded lines unfolded), lower-case names. */
function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitPart(part: string): { headers: Map<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  return { headers: headersOf(head), body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** Reads the plain-text and HTML parts of a (multipart/alternative) message. */
export function parseMail(raw: string, rcpt: string[]): ReceivedMail {
  const { headers, body } = splitPart(raw);
  const type = headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  let text = '';
  let html = '';
  const parts = boundary === undefined ? [raw] : body.split(`--${boundary}`).slice(1, -1);
  for (const part of parts) {
    const piece = splitPart(part.replace(/^\r?\n/, ''));
    const partType = piece.headers.get('content-type') ?? '';
    const decoded = decodeBody(piece.headers, piece.body);
    if (partType.startsWith('text/plain')) text = decoded;
    if (partType.startsWith('text/html')) html = decoded;
  }
  return {
    rcpt,
    to: headers.get('to') ?? '',
    from: headers.get('from') ?? '',
    subject: headers.get('subject') ?? '',
    text,
    html,
    arrivedAt: performance.now(),
  };
}

/** What the inbox answers to RCPT TO: accept, or refuse with this code. */
export type RcptAnswer = 'accept' | 451 | 550;

/**
 * A real SMTP server (the smtp-server package) on a loopback port, keeping
 * what it receives. It can refuse recipients (451: try later, 550: never)
 * and be stopped and started again on the same port (a server that is down).
 */
export class SmtpInbox {
  readonly received: ReceivedMail[] = [];
  /** Every RCPT TO the server was asked, accepted or not. */
  rcptAttempts = 0;
  answer: RcptAnswer = 'accept';
  private server: SMTPServer | null = null;
  private waiters: { count: number; resolve: () => void }[] = [];

  private constructor(
    public port: number,
    private readonly onMail?: (mail: ReceivedMail) => void,
  ) {}

  /** Starts a server on a free port; `onMail` hears of each message as it arrives. */
  static async start(onMail?: (mail: ReceivedMail) => void): Promise<SmtpInbox> {
    const inbox = new SmtpInbox(0, onMail);
    await inbox.listen();
    return inbox;
  }

  /** smtp://user:pass@127.0.0.1:port (the server takes any credentials). */
  get url(): string {
    return `smtp://meridian:secret-pass@127.0.0.1:${this.port}`;
  }

  /** Resolves once `count` messages in all have arrived (no timer: the test's timeout bounds it). */
  waitFor(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  /** Starts listening (again) on the port. */
  async listen(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (_auth, _session, callback) => callback(null, { user: 'meridian' }),
      onRcptTo: (_address, _session, callback) => {
        this.rcptAttempts += 1;
        if (this.answer === 'accept') return callback();
        const error = Object.assign(
          new Error(this.answer === 451 ? 'Mailbox busy, try later' : 'No such mailbox'),
          { responseCode: this.answer },
        );
        return callback(error);
      },
      onData: (stream, session: SMTPServerSession, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const rcpt = session.envelope.rcptTo.map((a) => a.address);
          const mail = parseMail(Buffer.concat(chunks).toString('latin1'), rcpt);
          this.received.push(mail);
          this.onMail?.(mail);
          callback();
          this.waiters = this.waiters.filter((w) => {
            if (this.received.length < w.count) return true;
            w.resolve();
            return false;
          });
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: connections are refused until listen() again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
