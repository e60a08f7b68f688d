// What starts the API: main.ts and the tests' stack helper build it with createApiServer.
export { createApiServer, API_PREFIX } from './create-server';
export { ServerModule } from './server.module';
export { buildOpenApiDocument, routeContracts, routeOf, type RouteContract } from './openapi/openapi';
export { answerProblem } from './common/answer';
