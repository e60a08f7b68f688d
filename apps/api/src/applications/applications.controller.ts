import { Body, Controller, Get, Inject, Param, Post } from '@nestjs/common';
import {
  attachDocumentSchema,
  type AttachDocumentPayload,
  applicationAnswerSchema,
  applicationsAnswerSchema,
} from '@rxbridge/contracts';
import { CurrentUser, type AuthUser } from '../common/auth.guard';
import { withMessage } from '../common/envelope';
import { ZodPipe } from '../common/zod-validation.pipe';
import { ApplicationsService } from './applications.service';
import { Answer } from '../common/answer';

/** /applications: the patient's own applications with timeline, next step and missing documents. */
@Controller('applications')
export class ApplicationsController {
  constructor(@Inject(ApplicationsService) private readonly applications: ApplicationsService) {}

  @Answer(applicationsAnswerSchema)
  @Get()
  async list(@CurrentUser() user: AuthUser) {
    return { applications: await this.applications.listOwn(user.id) };
  }

  @Answer(applicationAnswerSchema)
  @Post(':id/documents')
  async attachDocument(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodPipe(attachDocumentSchema)) body: AttachDocumentPayload,
  ) {
    return withMessage(
      { application: await this.applications.attachDocument(user, id, body) },
      'Document added to your application',
    );
  }
}
