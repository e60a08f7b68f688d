import { Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { queueJobsQuerySchema, type QueueJobsQuery } from '@rxbridge/contracts';
import { Roles } from '../common/auth.guard';
import { withMessage } from '../common/envelope';
import { ZodPipe } from '../common/zod-validation.pipe';
import { QueuesService } from './queues.service';

/** /admin/queues: queue health for admins only (navigators get 403). */
@Controller('admin/queues')
@Roles('ADMIN')
export class QueuesController {
  constructor(@Inject(QueuesService) private readonly queues: QueuesService) {}

  @Get()
  overview() {
    return this.queues.overview();
  }

  @Get(':name/jobs')
  jobs(@Param('name') name: string, @Query(new ZodPipe(queueJobsQuerySchema)) query: QueueJobsQuery) {
    return this.queues.jobs(name, query);
  }

  @Post(':name/jobs/:id/retry')
  @HttpCode(200)
  async retry(@Param('name') name: string, @Param('id') id: string) {
    return withMessage({ job: await this.queues.retry(name, id) }, 'Job queued for another attempt');
  }
}
