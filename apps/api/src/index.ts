// What starts the API: main.ts and the tests' stack helper build it with createApiApp.
export { createApiApp, API_PREFIX } from './create-app';
export { AppModule } from './app.module';
export { buildOpenApiDocument, routeContracts, routeOf, type RouteContract } from './openapi/openapi';
export { answerProblem } from './common/answer';
