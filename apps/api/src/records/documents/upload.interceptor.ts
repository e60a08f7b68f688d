import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { memoryStorage } from 'multer';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { assertAcceptedText } from '../../common/input.guard';
import { MAX_DOCUMENT_BYTES, MESSAGES, RECORD_MESSAGES } from '@rxbridge/contracts';
import { ApiError, badRequest } from '@rxbridge/platform';

const Multer = FileInterceptor('document', {
  storage: memoryStorage(),
  // Browsers send the file name as raw UTF-8; multer would read it as latin1.
  defParamCharset: 'utf8',
  // One file and a title: everything else a multipart body could carry is refused early.
  limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, fieldSize: 4096, parts: 8 },
});

/**
 * Reads the multipart upload (field `document` plus `title`) into memory with multer, and answers
 * its failures in our words: a file over 10 MB is 413 with the message of docs/product.md §12 Messages.
 */
@Injectable()
export class DocumentUploadInterceptor implements NestInterceptor {
  private readonly multer = new Multer();

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    let handled: Observable<unknown>;
    try {
      // multer parses the body and then hands over to `next`, which runs the route lazily.
      handled = await this.multer.intercept(ctx, {
        handle: () => {
          const req = ctx.switchToHttp().getRequest<Request & { file?: { originalname?: string } }>();
          assertAcceptedText(req.body);
          if (req.file?.originalname !== undefined) assertAcceptedText(req.file.originalname, 'document');
          return next.handle();
        },
      });
    } catch (err) {
      throw translate(err);
    }
    return handled;
  }
}

function translate(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  if (err instanceof PayloadTooLargeException) {
    return new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, 'file-too-large', MESSAGES.fileTooLarge, {
      document: MESSAGES.fileTooLarge,
    });
  }
  if (err instanceof HttpException && err.getStatus() === HttpStatus.BAD_REQUEST) {
    const text = err.message;
    if (/file/i.test(text)) return badRequest(RECORD_MESSAGES.oneFileOnly, { document: RECORD_MESSAGES.oneFileOnly });
    return badRequest(`The upload could not be read (${text}). Please choose the file again.`);
  }
  return err;
}
