import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * An SMTP server in the test process, on 127.0.0.1 and a free port: the api sends to `url` (SMTP_URL) and the
 * tests read what arrived, parsed. No TLS and no authentication, as a local relay.
 */
export interface Mailbox {
  /** SMTP_URL for the api. */
  url: string;
  /** Every message received, oldest first. */
  received: ParsedMail[];
  /** The messages received for `address` so far. */
  to(address: string): ParsedMail[];
  /** Waits (up to `timeoutMs`) until `count` messages for `address` have arrived, and answers the last one. */
  waitFor(address: string, count?: number, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const addressesOf = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((to) => to.value.map((entry) => entry.address?.toLowerCase()));

export async function startMailbox(): Promise<Mailbox> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => received.filter((mail) => addressesOf(mail).includes(address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to,
    async waitFor(address, count = 1, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (to(address).length < count) {
        if (Date.now() > deadline) {
          throw new Error(`${to(address).length} of ${count} e-mails to ${address} arrived within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return to(address)[count - 1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link in a mail's text, and its token. */
export function resetLinkIn(mail: ParsedMail): { link: URL; token: string } {
  const match = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in the e-mail:\n${mail.text}`);
  const link = new URL(match[0]);
  return { link, token: link.searchParams.get('token')! };
}
