import { Body, Controller, Get, Headers, HttpCode, Inject, Ip, Param, Post, Put } from '@nestjs/common';
import {
  API_MESSAGES,
  attachDocumentSchema,
  type AttachDocumentPayload,
  applicationAnswerSchema,
  applicationsAnswerSchema,
  patientSignatureSchema,
  shipToSchema,
  SIGNATURE_MESSAGES,
  type PatientSignaturePayload,
  type ShipToPayload,
  type Language,
} from '@rxbridge/contracts';
import { CurrentUser, type AuthUser } from '../common/auth.guard';
import { withMessage } from '../common/envelope';
import { RequestLanguage } from '../common/language';
import { ZodPipe } from '../common/zod-validation.pipe';
import { ApplicationsService } from './applications.service';
import { PatientPacketService } from './patient-packet.service';
import { Answer } from '../common/answer';

/** /applications: the patient's own applications with timeline, next step and missing documents. */
@Controller('applications')
export class ApplicationsController {
  constructor(
    @Inject(ApplicationsService) private readonly applications: ApplicationsService,
    @Inject(PatientPacketService) private readonly packet: PatientPacketService,
  ) {}

  @Answer(applicationsAnswerSchema)
  @Get()
  async list(@CurrentUser() user: AuthUser, @RequestLanguage() language: Language) {
    return { applications: await this.applications.listOwn(user.id, language) };
  }

  @Answer(applicationAnswerSchema)
  @Post(':id/documents')
  async attachDocument(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodPipe(attachDocumentSchema)) body: AttachDocumentPayload,
    @RequestLanguage() language: Language,
  ) {
    return withMessage(
      { application: await this.applications.attachDocument(user, id, body, language) },
      API_MESSAGES.documentAdded,
    );
  }

  /** The patient signs their application: typed name, attestation, HIPAA authorization (docs/product.md §17). */
  @Answer(applicationAnswerSchema)
  @Post(':id/patient-signature')
  @HttpCode(201)
  async sign(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodPipe(patientSignatureSchema)) body: PatientSignaturePayload,
    @Ip() ip: string,
    @Headers('user-agent') userAgent: string | undefined,
    @RequestLanguage() language: Language,
  ) {
    const application = await this.packet.sign(user, id, body, { ip, userAgent: userAgent ?? '' }, language);
    return withMessage({ application }, SIGNATURE_MESSAGES.signed);
  }

  /** Where the medication ships, among the places the program offers (docs/product.md §17). */
  @Answer(applicationAnswerSchema)
  @Put(':id/ship-to')
  async shipTo(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodPipe(shipToSchema)) body: ShipToPayload,
    @RequestLanguage() language: Language,
  ) {
    return withMessage(
      { application: await this.packet.chooseShipTo(user, id, body.shipTo, language) },
      SIGNATURE_MESSAGES.shipToSaved,
    );
  }
}
