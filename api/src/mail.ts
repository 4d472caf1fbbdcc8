import nodemailer from 'nodemailer';
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

/** The mailer of SMTP_URL (`smtp://` or `smtps://user:pass@host:port`), or null when none is configured. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer | null {
  if (!config.smtpUrl) return null;
  const transport = nodemailer.createTransport({ url: config.smtpUrl, ...TIMEOUTS }, { from: config.mailFrom });
  return {
    send: async (message) => {
      await transport.sendMail(message);
    },
  };
}
