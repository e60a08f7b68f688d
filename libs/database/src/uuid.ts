/** Whether an id is a well-formed UUID: a malformed id is an id that does not exist, and never reaches PostgreSQL's uuid parser. */
export const isUuid = (id: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
