import { Controller, Get, Inject } from '@nestjs/common';
import { insightsAnswerSchema, type InsightsAnswer } from '@rxbridge/contracts';
import { Roles } from '../common/auth.guard';
import { InsightsService } from './insights.service';
import { Answer } from '../common/answer';

/** /admin/insights: the navigators' charts (docs/product.md §8), for NAVIGATOR and ADMIN. */
@Controller('admin/insights')
@Roles('NAVIGATOR', 'ADMIN')
export class InsightsController {
  constructor(@Inject(InsightsService) private readonly insights: InsightsService) {}

  /** Aggregates only, so not an audited patient read (see InsightsService). */
  @Answer(insightsAnswerSchema)
  @Get()
  get(): Promise<InsightsAnswer> {
    return this.insights.insights();
  }
}
