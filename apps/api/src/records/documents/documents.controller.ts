import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  API_MESSAGES,
  documentListQuerySchema,
  documentSearchSchema,
  documentUploadSchema,
  type DocumentListQuery,
  DOCUMENT_MIME_TYPES,
  documentAccessAnswerSchema,
  documentAnswerSchema,
  documentsPageAnswerSchema,
  okAnswerSchema,
} from '@rxbridge/contracts';
import { CurrentUser, Public, type AuthUser } from '../../common/auth.guard';
import { withMessage } from '../../common/envelope';
import { ZodPipe } from '../../common/zod-validation.pipe';
import { RecordBodyPipe } from '../record-body.pipe';
import { DocumentsService, type UploadedFile as DocumentUpload } from './documents.service';
import { DocumentUploadInterceptor } from './upload.interceptor';
import { Answer, AnswerFile } from '../../common/answer';

/** /documents: the patient's uploaded documents (docs/product.md §6 Records, §10 API). */
@Controller('documents')
export class DocumentsController {
  constructor(@Inject(DocumentsService) private readonly documents: DocumentsService) {}

  @Answer(documentAnswerSchema)
  @Post('upload')
  @UseInterceptors(DocumentUploadInterceptor)
  async upload(
    @CurrentUser() user: AuthUser,
    @UploadedFile() file: DocumentUpload | undefined,
    @Body(new RecordBodyPipe(documentUploadSchema)) body: { title: string },
  ) {
    return withMessage(
      { document: await this.documents.upload(user, file, body.title) },
      API_MESSAGES.documentUploaded,
    );
  }

  @Answer(documentsPageAnswerSchema)
  @Get()
  list(@CurrentUser() user: AuthUser, @Query(new ZodPipe(documentListQuerySchema)) query: DocumentListQuery) {
    return this.documents.list(user.id, query);
  }

  /** The list searched by title: the words in the body, never in the address (docs/architecture.md, Privacy). */
  @Answer(documentsPageAnswerSchema)
  @Post('search')
  @HttpCode(200)
  search(@CurrentUser() user: AuthUser, @Body(new ZodPipe(documentSearchSchema)) body: DocumentListQuery) {
    return this.documents.list(user.id, body);
  }

  @Answer(documentAccessAnswerSchema)
  @Get(':id/access')
  access(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.documents.accessUrl(user, id);
  }

  /** Opened in a new tab, without the bearer token: the signed link is the permission. */
  @AnswerFile(...DOCUMENT_MIME_TYPES)
  @Public()
  @Get(':id/file')
  async file(
    @Param('id') id: string,
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
    @Res() res: FastifyReply,
  ) {
    const file = await this.documents.file(id, expires, signature);
    res.headers(file.headers).status(200).send(file.body);
  }

  @Answer(okAnswerSchema)
  @Delete(':id')
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.documents.remove(user, id);
    return withMessage({ success: true }, API_MESSAGES.documentDeleted);
  }
}
