import type { Transporter } from 'nodemailer';
import type { Config } from './config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail through the SMTP server of SMTP_URL. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** A slow or silent mail server must not hold a request (or a background send) for nodemailer's minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The mailer of SMTP_URL (`smtp://` or `smtps://user:pass@host:port`), or null when none is configured. nodemailer is
 * loaded with the first message (about 3 MB of an api process, which sends a password reset now and then).
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer | null {
  const { smtpUrl, mailFrom } = config;
  if (!smtpUrl) return null;
  let transport: Promise<Transporter> | undefined;
  return {
    send: async (message) => {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS }, { from: mailFrom }),
      );
      await (await transport).sendMail(message);
    },
  };
}
