const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path id can be a uuid column value; anything else is simply "not found" (never a SQL cast error). */
export const isUuid = (id: string) => UUID.test(id);
