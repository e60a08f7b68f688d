import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from '@rxbridge/database';
import { SETTINGS } from '../config/settings.module';
import type { Settings } from '../config/settings';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [SETTINGS],
      useFactory: (s: Settings) => dataSourceOptions(s.DATABASE_URL),
    }),
  ],
  exports: [TypeOrmModule],
})
export class DatabaseModule {}
