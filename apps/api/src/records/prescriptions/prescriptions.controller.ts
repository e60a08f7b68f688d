import { Body, Controller, Delete, Get, Inject, Param, Post, Put } from '@nestjs/common';
import { prescriptionSchema, prescriptionsBulkSchema, type PrescriptionPayload } from '@rxbridge/contracts';
import { CurrentUser, type AuthUser } from '../../common/auth.guard';
import { withMessage } from '../../common/envelope';
import { RecordBodyPipe } from '../record-body.pipe';
import { PrescriptionsService } from './prescriptions.service';

/** /prescriptions: the patient's own prescriptions, each with its doctor (docs/product.md §10 API). */
@Controller('prescriptions')
export class PrescriptionsController {
  constructor(@Inject(PrescriptionsService) private readonly prescriptions: PrescriptionsService) {}

  @Get()
  async list(@CurrentUser() user: AuthUser) {
    return { prescriptions: await this.prescriptions.list(user.id) };
  }

  @Post('bulk')
  async createMany(
    @CurrentUser() user: AuthUser,
    @Body(new RecordBodyPipe(prescriptionsBulkSchema)) body: PrescriptionPayload[],
  ) {
    const added = await this.prescriptions.createMany(user.id, body);
    const n = added.prescriptions.length;
    return withMessage(added, n === 1 ? 'Prescription created' : `${n} prescriptions created`);
  }

  @Put(':id')
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new RecordBodyPipe(prescriptionSchema)) body: PrescriptionPayload,
  ) {
    return withMessage({ prescription: await this.prescriptions.update(user, id, body) }, 'Prescription updated');
  }

  @Delete(':id')
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.prescriptions.remove(user, id);
    return withMessage({ success: true }, 'Prescription deleted');
  }
}
