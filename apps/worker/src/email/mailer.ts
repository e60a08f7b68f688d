import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { inSpan, SETTINGS, SpanKind, type Settings } from '@rxbridge/platform';
import type { RenderedEmail } from './templates';

/** SMTP through nodemailer; the mail catcher locally, a real relay in production. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {
    // Pooled: a few connections kept open and reused, so an email is its SMTP commands, not also a
    // connection, a greeting and EHLO; a move sends one (docs/architecture.md §15 Performance).
    this.transport = nodemailer.createTransport({ url: settings.SMTP_URL, pool: true });
  }

  /** A span of the job's trace, naming no recipient or subject (docs/architecture.md §13 Tracing). */
  async send(to: string, email: RenderedEmail): Promise<void> {
    await inSpan('smtp send', { kind: SpanKind.CLIENT }, () =>
      this.transport.sendMail({ from: this.settings.MAIL_FROM, to, ...email }),
    );
  }

  onApplicationShutdown() {
    this.transport.close();
  }
}
