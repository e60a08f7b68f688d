// The data source TypeORM's CLI loads for `npm run migration:generate` and `npm run migration:revert`.
import { createDataSource } from '../data-source';
import { databaseUrl, loadDotEnv } from './env';

loadDotEnv();
export default createDataSource(databaseUrl());
