import { Body, Controller, Delete, Get, Inject, Param, Post, Put } from '@nestjs/common';
import {
  API_MESSAGES,
  prescriptionSchema,
  prescriptionsBulkSchema,
  type PrescriptionPayload,
  okAnswerSchema,
  prescriptionAnswerSchema,
  prescriptionsAddedAnswerSchema,
  prescriptionsAnswerSchema,
} from '@rxbridge/contracts';
import { CurrentUser, type AuthUser } from '../../common/auth.guard';
import { withMessage } from '../../common/envelope';
import { RecordBodyPipe } from '../record-body.pipe';
import { PrescriptionsService } from './prescriptions.service';
import { Answer } from '../../common/answer';

/** /prescriptions: the patient's own prescriptions, each with its doctor (docs/product.md §10 API). */
@Controller('prescriptions')
export class PrescriptionsController {
  constructor(@Inject(PrescriptionsService) private readonly prescriptions: PrescriptionsService) {}

  @Answer(prescriptionsAnswerSchema)
  @Get()
  async list(@CurrentUser() user: AuthUser) {
    return { prescriptions: await this.prescriptions.list(user.id) };
  }

  @Answer(prescriptionsAddedAnswerSchema)
  @Post('bulk')
  async createMany(
    @CurrentUser() user: AuthUser,
    @Body(new RecordBodyPipe(prescriptionsBulkSchema)) body: PrescriptionPayload[],
  ) {
    const added = await this.prescriptions.createMany(user.id, body);
    const n = added.prescriptions.length;
    return withMessage(added, n === 1 ? API_MESSAGES.prescriptionCreated : API_MESSAGES.prescriptionsCreated(n));
  }

  @Answer(prescriptionAnswerSchema)
  @Put(':id')
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new RecordBodyPipe(prescriptionSchema)) body: PrescriptionPayload,
  ) {
    return withMessage(
      { prescription: await this.prescriptions.update(user, id, body) },
      API_MESSAGES.prescriptionUpdated,
    );
  }

  @Answer(okAnswerSchema)
  @Delete(':id')
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.prescriptions.remove(user, id);
    return withMessage({ success: true }, API_MESSAGES.prescriptionDeleted);
  }
}
