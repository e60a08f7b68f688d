import { Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  queueJobsQuerySchema,
  type QueueJobsQuery,
  queueBoardSessionAnswerSchema,
  queueJobAnswerSchema,
  queueJobsAnswerSchema,
  queuesAnswerSchema,
} from '@rxbridge/contracts';
import { CurrentUser, Roles, type AuthUser } from '../common/auth.guard';
import { withMessage } from '../common/envelope';
import { ZodPipe } from '../common/zod-validation.pipe';
import { QUEUE_BOARD_PATH, QUEUE_BOARD_TTL_SECONDS, QueueBoardSessions } from './queue-board';
import { QueuesService } from './queues.service';
import { Answer } from '../common/answer';

/** /admin/queues: queue health for admins only (navigators get 403). */
@Controller('admin/queues')
@Roles('ADMIN')
export class QueuesController {
  constructor(
    @Inject(QueuesService) private readonly queues: QueuesService,
    @Inject(QueueBoardSessions) private readonly board: QueueBoardSessions,
  ) {}

  /** Opens Bull Board for this admin: a short-lived HttpOnly cookie scoped to its path. */
  @Answer(queueBoardSessionAnswerSchema)
  @Post('board-session')
  @HttpCode(200)
  async boardSession(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: FastifyReply) {
    res.header('Set-Cookie', await this.board.open(user));
    return withMessage(
      { url: QUEUE_BOARD_PATH, expiresIn: QUEUE_BOARD_TTL_SECONDS },
      'Bull Board is open for 10 minutes',
    );
  }

  @Answer(queuesAnswerSchema)
  @Get()
  overview() {
    return this.queues.overview();
  }

  @Answer(queueJobsAnswerSchema)
  @Get(':name/jobs')
  jobs(@Param('name') name: string, @Query(new ZodPipe(queueJobsQuerySchema)) query: QueueJobsQuery) {
    return this.queues.jobs(name, query);
  }

  @Answer(queueJobAnswerSchema)
  @Post(':name/jobs/:id/retry')
  @HttpCode(200)
  async retry(@CurrentUser() user: AuthUser, @Param('name') name: string, @Param('id') id: string) {
    return withMessage({ job: await this.queues.retry(user, name, id) }, 'Job queued for another attempt');
  }
}
