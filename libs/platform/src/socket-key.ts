/**
 * The Redis channel prefix of Socket.IO: the API's Redis adapter listens on it and the worker's
 * emitter publishes on it, under REDIS_PREFIX so deployments sharing one Redis stay apart.
 */
export const socketIoKey = (redisPrefix: string) => `${redisPrefix}:socket.io`;
