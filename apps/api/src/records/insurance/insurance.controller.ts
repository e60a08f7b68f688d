import { Body, Controller, Delete, Get, Inject, Param, Post, Put } from '@nestjs/common';
import {
  API_MESSAGES,
  COVERAGE_MESSAGES,
  insuranceSchema,
  insuranceUpdateSchema,
  type InsurancePayload,
  type InsuranceUpdatePayload,
  insuranceAnswerSchema,
  insurancesAnswerSchema,
  okAnswerSchema,
} from '@rxbridge/contracts';
import { CurrentUser, type AuthUser } from '../../common/auth.guard';
import { withMessage } from '../../common/envelope';
import { RecordBodyPipe } from '../record-body.pipe';
import { InsuranceService } from './insurance.service';
import { Answer } from '../../common/answer';

/** /insurance: the patient's insurance plans (docs/product.md §10 API). */
@Controller('insurance')
export class InsuranceController {
  constructor(@Inject(InsuranceService) private readonly insurance: InsuranceService) {}

  @Answer(insurancesAnswerSchema)
  @Get()
  async list(@CurrentUser() user: AuthUser) {
    return { insurances: await this.insurance.list(user.id) };
  }

  @Answer(insuranceAnswerSchema)
  @Post()
  async create(@CurrentUser() user: AuthUser, @Body(new RecordBodyPipe(insuranceSchema)) body: InsurancePayload) {
    return withMessage({ insurance: await this.insurance.create(user.id, body) }, API_MESSAGES.insuranceAdded);
  }

  @Answer(insuranceAnswerSchema)
  @Put(':id')
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new RecordBodyPipe(insuranceUpdateSchema)) body: InsuranceUpdatePayload,
  ) {
    return withMessage({ insurance: await this.insurance.update(user, id, body) }, COVERAGE_MESSAGES.insuranceUpdated);
  }

  @Answer(okAnswerSchema)
  @Delete(':id')
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.insurance.remove(user, id);
    return withMessage({ success: true }, API_MESSAGES.insuranceDeleted);
  }
}
