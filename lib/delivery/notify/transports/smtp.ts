import nodemailer from 'nodemailer';
import type { Transport } from './types';

/** E-mail over SMTP (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
export function smtpTransport(url: string, from: string): Transport {
  const mailer = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(m) {
      const info = await mailer.sendMail({ from, to: m.to, subject: m.subject, text: m.text, headers: { 'X-Atesta-Message-Id': m.id } });
      return { providerId: info.messageId };
    },
  };
}
