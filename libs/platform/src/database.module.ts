import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions, poolOptions } from '@rxbridge/database';
import { SETTINGS } from './settings.module';
import type { Settings } from './settings';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [SETTINGS],
      useFactory: (s: Settings) =>
        dataSourceOptions(s.DATABASE_URL, {
          pooler: s.DATABASE_POOLER,
          extra: poolOptions(s.DATABASE_POOL_SIZE, s.DATABASE_STATEMENT_TIMEOUT_MS, s.DATABASE_POOL_ACQUIRE_TIMEOUT_MS),
        }),
    }),
  ],
  exports: [TypeOrmModule],
})
export class DatabaseModule {}
