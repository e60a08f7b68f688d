import { Body, Controller, Delete, Get, Inject, Param, Post, Put } from '@nestjs/common';
import {
  API_MESSAGES,
  doctorSchema,
  doctorsBulkSchema,
  type DoctorPayload,
  doctorAnswerSchema,
  doctorsAnswerSchema,
  okAnswerSchema,
} from '@rxbridge/contracts';
import { CurrentUser, type AuthUser } from '../../common/auth.guard';
import { withMessage } from '../../common/envelope';
import { RecordBodyPipe } from '../record-body.pipe';
import { DoctorsService } from './doctors.service';
import { Answer } from '../../common/answer';

/** /doctors: the patient's own healthcare providers (docs/product.md §10 API). */
@Controller('doctors')
export class DoctorsController {
  constructor(@Inject(DoctorsService) private readonly doctors: DoctorsService) {}

  @Answer(doctorsAnswerSchema)
  @Get()
  async list(@CurrentUser() user: AuthUser) {
    return { doctors: await this.doctors.list(user.id) };
  }

  @Answer(doctorsAnswerSchema)
  @Post('bulk')
  async createMany(@CurrentUser() user: AuthUser, @Body(new RecordBodyPipe(doctorsBulkSchema)) body: DoctorPayload[]) {
    const doctors = await this.doctors.createMany(user.id, body);
    return withMessage(
      { doctors },
      doctors.length === 1 ? API_MESSAGES.doctorCreated : API_MESSAGES.doctorsCreated(doctors.length),
    );
  }

  @Answer(doctorAnswerSchema)
  @Put(':id')
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new RecordBodyPipe(doctorSchema)) body: DoctorPayload,
  ) {
    return withMessage({ doctor: await this.doctors.update(user, id, body) }, API_MESSAGES.doctorUpdated);
  }

  @Answer(okAnswerSchema)
  @Delete(':id')
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.doctors.remove(user, id);
    return withMessage({ success: true }, API_MESSAGES.doctorDeleted);
  }
}
