import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  adminApplicationsQuerySchema,
  adminApplicationsSearchSchema,
  adminPatientsQuerySchema,
  adminPatientsSearchSchema,
  documentStatusSchema,
  ELIGIBILITY_MESSAGES,
  programOverrideSchema,
  transitionRequestSchema,
  type AdminApplicationsQuery,
  type AdminPatientsQuery,
  type DocumentStatusPayload,
  type ProgramOverridePayload,
  type TransitionPayload,
  adminApplicationAnswerSchema,
  adminApplicationsAnswerSchema,
  adminPatientRecordSchema,
  adminPatientsAnswerSchema,
  applicationAnswerSchema,
} from '@rxbridge/contracts';
import { stateLabel } from '@rxbridge/domain';
import { CurrentUser, Roles, type AuthUser } from '../common/auth.guard';
import { withMessage } from '../common/envelope';
import { ZodPipe } from '../common/zod-validation.pipe';
import { parseDocumentKind } from '@rxbridge/applications';
import { ApplicationsService } from '../applications/applications.service';
import { NavigatorMovesService } from './moves.service';
import { NavigatorPatientsService } from './patients.service';
import { NavigatorQueueService } from './queue.service';
import { Answer } from '../common/answer';
import { AuditsRefusals } from '../common/refusal-audit';

/** /admin: care navigators' endpoints; every one is for NAVIGATOR and ADMIN only (403 otherwise). */
@Controller('admin')
@Roles('NAVIGATOR', 'ADMIN')
export class NavigatorController {
  constructor(
    @Inject(NavigatorPatientsService) private readonly patientsOf: NavigatorPatientsService,
    @Inject(NavigatorQueueService) private readonly queue: NavigatorQueueService,
    @Inject(NavigatorMovesService) private readonly moves: NavigatorMovesService,
    @Inject(ApplicationsService) private readonly applications: ApplicationsService,
  ) {}

  @Answer(adminPatientsAnswerSchema)
  @Get('patients')
  patients(@CurrentUser() user: AuthUser, @Query(new ZodPipe(adminPatientsQuerySchema)) query: AdminPatientsQuery) {
    return this.patientsOf.patients(user, query);
  }

  /** The same, searched: the words in the body, never in the address (docs/architecture.md, Privacy). */
  @Answer(adminPatientsAnswerSchema)
  @Post('patients/search')
  @HttpCode(200)
  searchPatients(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(adminPatientsSearchSchema)) body: AdminPatientsQuery,
  ) {
    return this.patientsOf.patients(user, body);
  }

  @Answer(adminPatientRecordSchema)
  @Get('patients/:id')
  patient(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.patientsOf.patientRecord(user, id);
  }

  @Answer(adminApplicationsAnswerSchema)
  @Get('applications')
  list(@CurrentUser() user: AuthUser, @Query(new ZodPipe(adminApplicationsQuerySchema)) query: AdminApplicationsQuery) {
    return this.queue.applications(user, query);
  }

  /** The work queue searched: the words in the body, never in the address (docs/architecture.md, Privacy). */
  @Answer(adminApplicationsAnswerSchema)
  @Post('applications/search')
  @HttpCode(200)
  search(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(adminApplicationsSearchSchema)) body: AdminApplicationsQuery,
  ) {
    return this.queue.applications(user, body);
  }

  @Answer(adminApplicationAnswerSchema)
  @Get('applications/:id')
  async application(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return { application: await this.queue.application(user, id) };
  }

  @Answer(adminApplicationAnswerSchema)
  @AuditsRefusals()
  @Post('applications/:id/transitions')
  @HttpCode(200)
  async transition(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodPipe(transitionRequestSchema)) body: TransitionPayload,
  ) {
    const application = await this.moves.transition(user, id, body);
    return withMessage({ application }, `Application moved to ${stateLabel(application.state)}`);
  }

  @Answer(adminApplicationAnswerSchema)
  @AuditsRefusals()
  @Put('applications/:id/program')
  async setProgram(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodPipe(programOverrideSchema)) body: ProgramOverridePayload,
  ) {
    const application = await this.moves.setProgram(user, id, body);
    return withMessage({ application }, ELIGIBILITY_MESSAGES.programSet(application.program!.name));
  }

  @Answer(applicationAnswerSchema)
  @AuditsRefusals()
  @Post('applications/:id/documents/:kind')
  @HttpCode(200)
  async documentStatus(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Param('kind') kind: string,
    @Body(new ZodPipe(documentStatusSchema)) body: DocumentStatusPayload,
  ) {
    const application = await this.applications.setDocumentStatus(
      user,
      id,
      parseDocumentKind(kind),
      body.status,
      body.note,
      body.fromStatus,
    );
    return withMessage({ application }, body.status === 'RECEIVED' ? 'Marked as received' : 'Marked as missing');
  }
}
