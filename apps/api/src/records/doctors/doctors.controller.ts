import { Body, Controller, Delete, Get, Inject, Param, Post, Put } from '@nestjs/common';
import {
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
    return withMessage({ doctors }, doctors.length === 1 ? 'Doctor created' : `${doctors.length} doctors created`);
  }

  @Answer(doctorAnswerSchema)
  @Put(':id')
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new RecordBodyPipe(doctorSchema)) body: DoctorPayload,
  ) {
    return withMessage({ doctor: await this.doctors.update(user, id, body) }, 'Doctor updated');
  }

  @Answer(okAnswerSchema)
  @Delete(':id')
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.doctors.remove(user, id);
    return withMessage({ success: true }, 'Doctor deleted');
  }
}
