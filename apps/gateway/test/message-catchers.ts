import { simpleParser } from 'mailparser';
import { createServer, type Server } from 'node:http';
import {
  createServer as createNetServer,
  type AddressInfo,
  type Server as NetServer,
} from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The gateway tests' mail and SMS catchers: a real SMTP server (smtp-server) and an SMS webhook on
 * loopback, keeping what they receive, so a test reads a code out of the message the gateway sent.
 */

/** A message the catchers received: an e-mail (its SMTP recipient) or an SMS (the webhook's `to`). */
export interface Caught {
  channel: 'email' | 'sms';
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

/** Listens on a free loopback port and answers it. */
export const listen = (server: {
  listen(port: number, host: string, listener: () => void): NetServer;
}): Promise<number> =>
  new Promise((resolve) => {
    const listening = server.listen(0, '127.0.0.1', () =>
      resolve((listening.address() as AddressInfo).port),
    );
  });

/** A loopback port nothing listens on: an SMTP server that is down. */
export async function deadPort(): Promise<number> {
  const probe = createNetServer();
  const port = await listen(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export class MessageCatchers {
  readonly caught: Caught[] = [];
  /** What the SMS webhook answers; it keeps a message only with a success status. */
  webhookStatus = 200;

  /** Stores each message once parsed, before it answers 250, like a mail server. */
  private readonly smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nodemailer would otherwise upgrade to a certificate it cannot trust.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      simpleParser(stream).then(
        (mail) => {
          for (const recipient of session.envelope.rcptTo) {
            this.caught.push({
              channel: 'email',
              to: recipient.address,
              from: mail.from?.value[0]?.address ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
            });
          }
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });

  private readonly webhook: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (this.webhookStatus < 300) {
        const { to, text } = JSON.parse(body) as { to: string; text: string };
        this.caught.push({ channel: 'sms', to, from: '', subject: '', text, html: '' });
      }
      response.writeHead(this.webhookStatus, { 'content-type': 'application/json' }).end('{}');
    });
  });

  /** Starts the SMTP catcher; answers its port. */
  smtpPort(): Promise<number> {
    return listen(this.smtp);
  }

  /** Starts the SMS webhook; answers its port. */
  webhookPort(): Promise<number> {
    return listen(this.webhook);
  }

  /** The messages caught for a recipient, oldest first. */
  caughtFor(to: string): Caught[] {
    return this.caught.filter((message) => message.to === to);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.smtp.close(() => resolve()));
    await new Promise<void>((resolve) => this.webhook.close(() => resolve()));
  }
}
