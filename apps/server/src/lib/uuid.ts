// Ids in paths and queries are checked before they reach SQL: a malformed id matches no row, so it is
// a 404, without handing the database a value it cannot cast (which would be a 500).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (value: string): boolean => UUID.test(value)
