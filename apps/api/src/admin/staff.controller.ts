import { Body, Controller, Inject, Param, Put } from '@nestjs/common';
import { MESSAGES, staffAnswerSchema, staffUpdateSchema, type StaffUpdate } from '@rxbridge/contracts';
import { CurrentUser, Roles, type AuthUser } from '../common/auth.guard';
import { withMessage } from '../common/envelope';
import { ZodPipe } from '../common/zod-validation.pipe';
import { Answer } from '../common/answer';
import { StaffService } from './staff.service';

/** Staff accounts for admins (docs/product.md §7.7 Staff accounts): re-role or disable, audited. */
@Controller('admin/staff')
@Roles('ADMIN')
export class StaffController {
  constructor(@Inject(StaffService) private readonly staff: StaffService) {}

  @Answer(staffAnswerSchema)
  @Put(':id')
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodPipe(staffUpdateSchema)) body: StaffUpdate,
  ) {
    return withMessage({ staff: await this.staff.update(user, id, body) }, MESSAGES.staffUpdated);
  }
}
