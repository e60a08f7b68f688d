import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: string;
  /** Files sent with the message (the fax gateway's packet PDF). */
  attachments: { filename: string; mimeType: string; content: Buffer }[];
}

export interface MailCatcher {
  smtpPort: number;
  httpPort: number | null;
  smtpUrl: string;
  inboxUrl: string | null;
  messages(): CapturedMail[];
  /** How many messages were cut off by their sender's connection failing mid-message, and dropped. */
  cutOff(): number;
  /** Resolves with the first message (already here or arriving) that matches. */
  waitFor(match: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /**
   * Refuses every recipient on these domains with a 550 at RCPT TO, as a gateway that turns a message down does;
   * `[]` accepts everything again (tests of a fax the gateway refuses, docs/product.md §17).
   */
  refuseDomains(domains: string[]): void;
  clear(): void;
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  host?: string;
  smtpPort?: number;
  /** null: no web inbox (tests read messages() directly). */
  httpPort?: number | null;
  maxMessages?: number;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A real SMTP server that keeps every message in memory, with a small web inbox:
 * the local stack's mail catcher and the tests' SMTP capture.
 */
export async function startMailCatcher(opts: MailCatcherOptions = {}): Promise<MailCatcher> {
  const host = opts.host ?? '127.0.0.1';
  const store: CapturedMail[] = [];
  const waiters = new Set<{ match: (m: CapturedMail) => boolean; resolve: (m: CapturedMail) => void }>();
  let seq = 0;
  let cutOff = 0;
  let refused = new Set<string>();

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const domain = address.address.split('@').pop()!.toLowerCase();
      if (!refused.has(domain)) return callback();
      const err = Object.assign(new Error(`Recipient ${address.address} refused by the gateway`), {
        responseCode: 550,
      });
      callback(err);
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        try {
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          const mail: CapturedMail = {
            id: String(++seq),
            from: parsed.from?.address ?? String(session.envelope.mailFrom && session.envelope.mailFrom.address),
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? '',
            date: new Date().toISOString(),
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              mimeType: a.mimeType,
              content: Buffer.from(a.content as ArrayBuffer),
            })),
          };
          store.push(mail);
          if (store.length > (opts.maxMessages ?? 1000)) store.shift();
          for (const w of [...waiters]) {
            if (w.match(mail)) {
              waiters.delete(w);
              w.resolve(mail);
            }
          }
          done();
        } catch (err) {
          done(err as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(opts.smtpPort ?? 0, host, () => resolve());
  });
  // A sender that dies mid-message (a worker killed while its pooled connection sends) resets the
  // socket and the server reports it: the message is dropped, as a real server drops it, and the
  // catcher goes on (with no listener the error would end the process it runs in).
  smtp.on('error', () => void (cutOff += 1));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  let http: Server | null = null;
  if (opts.httpPort !== null) {
    http = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://inbox');
      if (url.pathname === '/api/messages') {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify([...store].reverse()));
        return;
      }
      const one = url.pathname.match(/^\/messages\/(\d+)$/);
      if (one) {
        const m = store.find((x) => x.id === one[1]);
        if (!m) {
          res.statusCode = 404;
          res.end('Not found');
          return;
        }
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        // The message HTML goes in a sandboxed frame so its content can't script the inbox.
        res.end(
          page(
            `${escape(m.subject)}`,
            `<p><a href="/">&larr; Inbox</a></p><h2>${escape(m.subject)}</h2>
<p>From ${escape(m.from)} to ${escape(m.to.join(', '))} at ${escape(m.date)}</p>
<iframe sandbox style="width:100%;height:70vh;border:1px solid #cbd5e1;border-radius:8px" srcdoc="${escape(m.html || `<pre>${escape(m.text)}</pre>`)}"></iframe>`,
          ),
        );
        return;
      }
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      const rows = [...store]
        .reverse()
        .map(
          (m) =>
            `<tr><td>${escape(m.date.replace('T', ' ').slice(0, 19))}</td><td>${escape(m.to.join(', '))}</td><td><a href="/messages/${m.id}">${escape(m.subject || '(no subject)')}</a></td></tr>`,
        )
        .join('');
      res.end(
        page(
          'Inbox',
          `<h1>Mail catcher inbox</h1><p>${store.length} message(s). Every email the app sends locally lands here.${cutOff ? ` ${cutOff} cut off by their sender and dropped.` : ''}</p>
<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No mail yet.</td></tr>'}</tbody></table>`,
        ),
      );
    });
    await new Promise<void>((resolve, reject) => {
      http!.once('error', reject);
      http!.listen(opts.httpPort ?? 0, host, () => resolve());
    });
  }
  const httpPort = http ? (http.address() as AddressInfo).port : null;

  return {
    smtpPort,
    httpPort,
    smtpUrl: `smtp://${host}:${smtpPort}`,
    inboxUrl: httpPort ? `http://${host === '0.0.0.0' ? 'localhost' : host}:${httpPort}` : null,
    messages: () => [...store],
    cutOff: () => cutOff,
    waitFor(match, timeoutMs = 10000) {
      const found = store.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (m: CapturedMail) => (clearTimeout(timer), resolve(m)) };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `No matching email within ${timeoutMs} ms (have: ${store.map((m) => m.subject).join(' | ') || 'none'})`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    refuseDomains: (domains) => void (refused = new Set(domains.map((d) => d.toLowerCase()))),
    clear: () => void store.splice(0),
    async close() {
      await new Promise<void>((r) => smtp.close(() => r()));
      if (http) await new Promise<void>((r) => http!.close(() => r()));
    },
  };
}

function page(title: string, body: string) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px;color:#0f172a}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:8px;border-bottom:1px solid #e2e8f0}a{color:#0f766e}</style>
</head><body>${body}</body></html>`;
}
