import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The smallest SMTP server the app's nodemailer can send to (no extensions, no TLS, no authentication), on
 * 127.0.0.1: each message is written to `dir` as JSON ({ to, data }), where any test worker can read it. The api's
 * own tests use smtp-server and mailparser (api/test/mailbox.ts); the browser tests need only the reset link.
 */
export interface MailSink {
  url: string;
  dir: string;
  stop(): Promise<void>;
}

export interface SunkMail {
  to: string[];
  /** The message as sent: headers and body, lines joined with CRLF, dots unstuffed. */
  data: string;
}

export async function startMailSink(dir: string): Promise<MailSink> {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = net.createServer((socket) => {
    let buffer = '';
    let recipients: string[] = [];
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const handle = (line: string) => {
      if (data) {
        if (line !== '.') return void data.push(line.startsWith('..') ? line.slice(1) : line);
        count += 1;
        const mail: SunkMail = { to: recipients, data: data.join('\r\n') };
        fs.writeFileSync(path.join(dir, `${Date.now()}-${count}.json`), JSON.stringify(mail));
        data = null;
        recipients = [];
        return reply('250 OK');
      }
      const command = line.slice(0, 4).toUpperCase();
      if (command === 'RCPT') recipients.push(/<([^>]*)>/.exec(line)?.[1].toLowerCase() ?? '');
      if (command === 'DATA') {
        data = [];
        return reply('354 End data with <CR><LF>.<CR><LF>');
      }
      if (command === 'QUIT') {
        reply('221 Bye');
        return void socket.end();
      }
      if (command === 'RSET') recipients = [];
      reply(command === 'EHLO' || command === 'HELO' ? '250 localhost' : '250 OK');
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        handle(line);
      }
    });
    socket.on('error', () => undefined);
    reply('220 localhost ESMTP e2e mail sink');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Quoted-printable decoded (nodemailer's encoding of long text lines): soft line breaks joined, =XX bytes read. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits (up to `timeoutMs`) for an e-mail to `address` holding a reset link, and answers the link. */
export async function resetLinkMailedTo(dir: string, address: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of fs.readdirSync(dir).sort().reverse()) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as SunkMail;
      if (!mail.to.includes(address.toLowerCase())) continue;
      const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[\w-]+/.exec(decodeQuotedPrintable(mail.data));
      if (link) return link[0];
    }
    if (Date.now() > deadline) throw new Error(`no reset link e-mailed to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
