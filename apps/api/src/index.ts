// What starts the API: main.ts and the tests' stack helper build it with createApiServer.
export { createApiServer, API_PREFIX } from './create-server';
export { ServerModule } from './server.module';
export { buildOpenApiDocument, routeContracts, routeOf, type RouteContract } from './openapi/openapi';
export { answerProblem } from './common/answer';
// The tests' stack helper asks it whether a process answers from memory (test/faults/redis-outage).
export { RevokedSessions } from './accounts/revoked-sessions';
