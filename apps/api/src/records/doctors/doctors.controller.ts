import { Body, Controller, Delete, Get, Inject, Param, Post, Put } from '@nestjs/common';
import { doctorSchema, doctorsBulkSchema, type DoctorPayload } from '@rxbridge/contracts';
import { CurrentUser, type AuthUser } from '../../common/auth.guard';
import { withMessage } from '../../common/envelope';
import { RecordBodyPipe } from '../record-body.pipe';
import { DoctorsService } from './doctors.service';

/** /doctors: the patient's own healthcare providers (docs/product.md §10 API). */
@Controller('doctors')
export class DoctorsController {
  constructor(@Inject(DoctorsService) private readonly doctors: DoctorsService) {}

  @Get()
  async list(@CurrentUser() user: AuthUser) {
    return { doctors: await this.doctors.list(user.id) };
  }

  @Post('bulk')
  async createMany(@CurrentUser() user: AuthUser, @Body(new RecordBodyPipe(doctorsBulkSchema)) body: DoctorPayload[]) {
    const doctors = await this.doctors.createMany(user.id, body);
    return withMessage({ doctors }, doctors.length === 1 ? 'Doctor created' : `${doctors.length} doctors created`);
  }

  @Put(':id')
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new RecordBodyPipe(doctorSchema)) body: DoctorPayload,
  ) {
    return withMessage({ doctor: await this.doctors.update(user, id, body) }, 'Doctor updated');
  }

  @Delete(':id')
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.doctors.remove(user, id);
    return withMessage({ success: true }, 'Doctor deleted');
  }
}
