import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ApplicationsModule } from '../applications/applications.module';
import { RecordAccess } from '../common/record-access';
import {
  AdminPacketsController,
  BlankPacketController,
  PacketsController,
  PrescriberSignaturesController,
} from './packets.controller';
import { PacketsService } from './packets.service';
import { PrescriberSignOffService } from './prescriber-sign-off.service';
import { SubmissionsController } from './submissions.controller';
import { SubmissionsService } from './submissions.service';

/** Application packets and the prescriber's online sign-off (docs/product.md §16, docs/architecture.md §16). */
@Module({
  imports: [AccountsModule, ApplicationsModule],
  controllers: [
    PacketsController,
    BlankPacketController,
    AdminPacketsController,
    PrescriberSignaturesController,
    SubmissionsController,
  ],
  providers: [RecordAccess, PacketsService, PrescriberSignOffService, SubmissionsService],
})
export class PacketsModule {}
