import { Body, Controller, Get, HttpCode, Inject, Ip, Param, Post, Query } from '@nestjs/common';
import {
  adminSupportMessagesAnswerSchema,
  adminSupportMessagesQuerySchema,
  type AdminSupportMessagesQuery,
  API_MESSAGES,
  supportMessageAnswerSchema,
  supportMessageSchema,
  supportMessagesAnswerSchema,
  supportReplySchema,
  type SupportMessagePayload,
  type SupportReplyPayload,
} from '@rxbridge/contracts';
import { Answer } from '../common/answer';
import { CurrentUser, Roles, type AuthUser } from '../common/auth.guard';
import { withMessage } from '../common/envelope';
import { ZodPipe } from '../common/zod-validation.pipe';
import { SupportService } from './support.service';

/**
 * A patient's messages to support; the navigators' list of those awaiting a reply, replying to one in the console
 * or marking one answered (docs/product.md §21, §10 API).
 */
@Controller()
export class SupportController {
  constructor(@Inject(SupportService) private readonly support: SupportService) {}

  @Answer(supportMessagesAnswerSchema)
  @Get('support/messages')
  @Roles('USER')
  async list(@CurrentUser() user: AuthUser) {
    return { messages: await this.support.latest(user.id) };
  }

  @Answer(supportMessageAnswerSchema)
  @Post('support/messages')
  @Roles('USER')
  async send(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(supportMessageSchema)) body: SupportMessagePayload,
    @Ip() ip: string,
  ) {
    return withMessage({ message: await this.support.send(user, body, ip) }, API_MESSAGES.supportMessageSent);
  }

  @Answer(adminSupportMessagesAnswerSchema)
  @Get('admin/support-messages')
  @Roles('NAVIGATOR', 'ADMIN')
  awaiting(
    @CurrentUser() user: AuthUser,
    @Query(new ZodPipe(adminSupportMessagesQuerySchema)) query: AdminSupportMessagesQuery,
  ) {
    return this.support.awaiting(user, query);
  }

  @Answer(supportMessageAnswerSchema)
  @Post('admin/support-messages/:id/answered')
  @HttpCode(200)
  @Roles('NAVIGATOR', 'ADMIN')
  async answered(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    // Answered meanwhile by someone else: said so, not "Marked as answered" (docs/product.md §21).
    const { message, answeredNow } = await this.support.markAnswered(user, id);
    return withMessage(
      { message },
      answeredNow ? API_MESSAGES.supportMessageAnswered : API_MESSAGES.supportMessageAnsweredAlready,
    );
  }

  @Answer(supportMessageAnswerSchema)
  @Post('admin/support-messages/:id/reply')
  @HttpCode(200)
  @Roles('NAVIGATOR', 'ADMIN')
  async reply(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodPipe(supportReplySchema)) body: SupportReplyPayload,
  ) {
    return withMessage({ message: await this.support.reply(user, id, body) }, API_MESSAGES.supportMessageReplied);
  }
}
