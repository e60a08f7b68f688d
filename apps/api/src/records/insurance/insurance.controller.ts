import { Body, Controller, Delete, Get, Inject, Param, Post } from '@nestjs/common';
import { insuranceSchema, type InsurancePayload } from '@rxbridge/contracts';
import { CurrentUser, type AuthUser } from '../../common/auth.guard';
import { withMessage } from '../../common/envelope';
import { RecordBodyPipe } from '../record-body.pipe';
import { InsuranceService } from './insurance.service';

/** /insurance: the patient's insurance plans (docs/product.md §10 API). */
@Controller('insurance')
export class InsuranceController {
  constructor(@Inject(InsuranceService) private readonly insurance: InsuranceService) {}

  @Get()
  async list(@CurrentUser() user: AuthUser) {
    return { insurances: await this.insurance.list(user.id) };
  }

  @Post()
  async create(@CurrentUser() user: AuthUser, @Body(new RecordBodyPipe(insuranceSchema)) body: InsurancePayload) {
    return withMessage({ insurance: await this.insurance.create(user.id, body) }, 'Insurance added');
  }

  @Delete(':id')
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.insurance.remove(user, id);
    return withMessage({ success: true }, 'Insurance deleted');
  }
}
