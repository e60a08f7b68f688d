import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { SETTINGS, type Settings } from '@rxbridge/platform';
import type { RenderedEmail } from './templates';

/** SMTP through nodemailer; the mail catcher locally, a real relay in production. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {
    this.transport = nodemailer.createTransport(settings.SMTP_URL);
  }

  async send(to: string, email: RenderedEmail): Promise<void> {
    await this.transport.sendMail({ from: this.settings.MAIL_FROM, to, ...email });
  }

  onApplicationShutdown() {
    this.transport.close();
  }
}
