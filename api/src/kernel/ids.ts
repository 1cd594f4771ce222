const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from URLs and GraphQL as any string; a malformed one is just another unknown id. */
export const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);
