import { Body, Controller, Get, Headers, HttpCode, Inject, Ip, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  PRESCRIBER_MESSAGES,
  prescriberRequestSchema,
  prescriberSignatureSchema,
  prescriberTokenSchema,
  type PrescriberRequestPayload,
  type PrescriberSignaturePayload,
  type PrescriberTokenPayload,
  prescriberRequestAnswerSchema,
  prescriberSignedAnswerSchema,
  prescriberSigningAnswerSchema,
} from '@rxbridge/contracts';
import { CurrentUser, Public, Roles, type AuthUser } from '../common/auth.guard';
import { withMessage } from '../common/envelope';
import { RateLimiter, RATE_LIMITS } from '../common/rate-limiter';
import { ZodPipe } from '../common/zod-validation.pipe';
import { PacketsService, type PacketFile } from './packets.service';
import { PrescriberSignOffService } from './prescriber-sign-off.service';
import { AuditsRefusals } from '../common/refusal-audit';
import { Answer, AnswerFile } from '../common/answer';

/** The file name carries no health data: only the application id's first characters. */
function sendPdf(res: FastifyReply, file: PacketFile, disposition: 'attachment' | 'inline' = 'attachment') {
  res
    .headers({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `${disposition}; filename="${file.fileName}"`,
      'Content-Length': String(file.body.length),
      'Cache-Control': 'no-store',
    })
    .status(200)
    .send(file.body);
}

/** GET /applications/{id}/packet: the patient's own packet (docs/product.md §16). */
@Controller('applications')
export class PacketsController {
  constructor(@Inject(PacketsService) private readonly packets: PacketsService) {}

  @AnswerFile('application/pdf')
  @Get(':id/packet')
  async packet(@CurrentUser() user: AuthUser, @Param('id') id: string, @Res() res: FastifyReply) {
    sendPdf(res, await this.packets.forPatient(user, id));
  }
}

/** GET /packets/blank: the DIY guide's blank packet, for visitors too. */
@Controller('packets')
export class BlankPacketController {
  constructor(@Inject(PacketsService) private readonly packets: PacketsService) {}

  @AnswerFile('application/pdf')
  @Public()
  @Get('blank')
  async blank(@Res() res: FastifyReply) {
    sendPdf(res, await this.packets.blank());
  }
}

/** Navigators' packet reads (audited) and signing requests. */
@Controller('admin/applications')
@Roles('NAVIGATOR', 'ADMIN')
@AuditsRefusals()
export class AdminPacketsController {
  constructor(
    @Inject(PacketsService) private readonly packets: PacketsService,
    @Inject(PrescriberSignOffService) private readonly signOff: PrescriberSignOffService,
  ) {}

  @AnswerFile('application/pdf')
  @Get(':id/packet')
  async packet(@CurrentUser() user: AuthUser, @Param('id') id: string, @Res() res: FastifyReply) {
    sendPdf(res, await this.packets.forStaff(user, id));
  }

  @Answer(prescriberRequestAnswerSchema)
  @Post(':id/prescriber-requests')
  async request(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodPipe(prescriberRequestSchema)) body: PrescriberRequestPayload,
  ) {
    const prescriberRequest = await this.signOff.requestSignature(user, id, body.email);
    return withMessage({ prescriberRequest }, PRESCRIBER_MESSAGES.requested(body.email));
  }
}

/**
 * The prescriber's signing page's API, without an account: the link's token and the patient's date of birth are the
 * permission. Both always ride in the body, never in a path or query, so they reach no log (docs/architecture.md §16).
 */
@Controller('prescriber-signatures')
export class PrescriberSignaturesController {
  constructor(
    @Inject(PrescriberSignOffService) private readonly signOff: PrescriberSignOffService,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Answer(prescriberSigningAnswerSchema)
  @Public()
  @Post('lookup')
  @HttpCode(200)
  async lookup(@Body(new ZodPipe(prescriberTokenSchema)) body: PrescriberTokenPayload, @Ip() ip: string) {
    await this.limiter.hit([RATE_LIMITS.prescriberAddress, ip]);
    return { signing: await this.signOff.signingView(body) };
  }

  /** A form post from the signing page opens the packet in a new tab. */
  @AnswerFile('application/pdf')
  @Public()
  @Post('packet')
  @HttpCode(200)
  async packet(
    @Body(new ZodPipe(prescriberTokenSchema)) body: PrescriberTokenPayload,
    @Ip() ip: string,
    @Res() res: FastifyReply,
  ) {
    await this.limiter.hit([RATE_LIMITS.prescriberAddress, ip]);
    sendPdf(res, await this.signOff.forToken(body), 'inline');
  }

  @Answer(prescriberSignedAnswerSchema)
  @Public()
  @Post()
  @HttpCode(201)
  async sign(
    @Body(new ZodPipe(prescriberSignatureSchema)) body: PrescriberSignaturePayload,
    @Ip() ip: string,
    @Headers('user-agent') userAgent: string | undefined,
  ) {
    await this.limiter.hit([RATE_LIMITS.prescriberAddress, ip]);
    await this.signOff.sign(body, { ip, userAgent: userAgent ?? '' });
    return withMessage({ signed: true }, PRESCRIBER_MESSAGES.signed);
  }
}
