import { Body, Controller, Get, HttpCode, Inject, Ip, Param, Post, Put, Query } from '@nestjs/common';
import {
  ELIGIBILITY_MESSAGES,
  eligibilityCheckSchema,
  eligibilityFactsSchema,
  programsQuerySchema,
  type EligibilityCheckPayload,
  type EligibilityFactsPayload,
  type ProgramsQuery,
  eligibilityCheckAnswerSchema,
  eligibilityFactsAnswerSchema,
  programAnswerSchema,
  programsAnswerSchema,
  type Language,
} from '@rxbridge/contracts';
import { CurrentUser, Public, type AuthUser } from '../common/auth.guard';
import { withMessage } from '../common/envelope';
import { RequestLanguage } from '../common/language';
import { RATE_LIMITS, RateLimiter } from '../common/rate-limiter';
import { ZodPipe } from '../common/zod-validation.pipe';
import { ProgramsService } from './programs.service';
import { Answer } from '../common/answer';

/** /programs: the catalogue of manufacturer programs, open to visitors (docs/product.md §15). */
@Controller('programs')
export class ProgramsController {
  constructor(@Inject(ProgramsService) private readonly programs: ProgramsService) {}

  @Answer(programsAnswerSchema)
  @Public()
  @Get()
  list(@Query(new ZodPipe(programsQuerySchema)) query: ProgramsQuery) {
    return { programs: this.programs.list(query) };
  }

  @Answer(programAnswerSchema)
  @Public()
  @Get(':id')
  one(@Param('id') id: string) {
    return { program: this.programs.one(id) };
  }
}

/** POST /eligibility/check: the landing page's checker, no account needed, rate limited per address. */
@Controller('eligibility')
export class EligibilityCheckController {
  constructor(
    @Inject(ProgramsService) private readonly programs: ProgramsService,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Answer(eligibilityCheckAnswerSchema)
  @Public()
  @Post('check')
  @HttpCode(200)
  async check(
    @Body(new ZodPipe(eligibilityCheckSchema)) body: EligibilityCheckPayload,
    @Ip() ip: string,
    @RequestLanguage() language: Language,
  ) {
    await this.limiter.hit([RATE_LIMITS.eligibilityCheckAddress, ip]);
    const { answer, message } = this.programs.check(body, language);
    return message ? withMessage(answer, message) : answer;
  }
}

/** /users/eligibility: the signed-in patient's own household facts; nobody else's is reachable here. */
@Controller('users/eligibility')
export class EligibilityFactsController {
  constructor(@Inject(ProgramsService) private readonly programs: ProgramsService) {}

  @Answer(eligibilityFactsAnswerSchema)
  @Get()
  async get(@CurrentUser() user: AuthUser) {
    return { eligibility: await this.programs.ownFacts(user.id) };
  }

  @Answer(eligibilityFactsAnswerSchema)
  @Put()
  async put(@CurrentUser() user: AuthUser, @Body(new ZodPipe(eligibilityFactsSchema)) body: EligibilityFactsPayload) {
    return withMessage({ eligibility: await this.programs.saveFacts(user.id, body) }, ELIGIBILITY_MESSAGES.factsSaved);
  }
}
