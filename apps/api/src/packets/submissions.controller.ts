import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import {
  SUBMISSION_MESSAGES,
  submissionAnswerSchema,
  submissionSchema,
  type SubmissionPayload,
} from '@rxbridge/contracts';
import { CurrentUser, Roles, type AuthUser } from '../common/auth.guard';
import { withMessage } from '../common/envelope';
import { ZodPipe } from '../common/zod-validation.pipe';
import { AuditsRefusals } from '../common/refusal-audit';
import { Answer } from '../common/answer';
import { SubmissionsService } from './submissions.service';

/** Navigators send an application to its program (docs/product.md §17). */
@Controller('admin/applications')
@Roles('NAVIGATOR', 'ADMIN')
@AuditsRefusals()
export class SubmissionsController {
  constructor(@Inject(SubmissionsService) private readonly submissions: SubmissionsService) {}

  /** 202 for a fax (the worker sends it), as for a portal submission already recorded. */
  @Answer(submissionAnswerSchema)
  @Post(':id/submissions')
  @HttpCode(202)
  async submit(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodPipe(submissionSchema)) body: SubmissionPayload,
  ) {
    const submission = await this.submissions.submit(user, id, body);
    return withMessage(
      { submission },
      body.channel === 'FAX' ? SUBMISSION_MESSAGES.queued : SUBMISSION_MESSAGES.recorded,
    );
  }

  /** A failed fax, sent again. */
  @Answer(submissionAnswerSchema)
  @Post(':id/submissions/:submissionId/retry')
  @HttpCode(202)
  async retry(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('submissionId') submissionId: string) {
    return withMessage(
      { submission: await this.submissions.retry(user, id, submissionId) },
      SUBMISSION_MESSAGES.queued,
    );
  }
}
