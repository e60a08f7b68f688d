import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ApplicationsModule } from '../applications/applications.module';
import { EligibilityCheckController, EligibilityFactsController, ProgramsController } from './programs.controller';
import { ProgramsService } from './programs.service';

/** Programs and eligibility (docs/product.md §15): the catalogue, the public check, the patient's facts. */
@Module({
  imports: [AccountsModule, ApplicationsModule],
  controllers: [ProgramsController, EligibilityCheckController, EligibilityFactsController],
  providers: [ProgramsService],
})
export class ProgramsModule {}
