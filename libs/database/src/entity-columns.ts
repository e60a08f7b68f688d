import { getMetadataArgsStorage } from 'typeorm';
import { SnakeNamingStrategy } from './naming-strategy';

const naming = new SnakeNamingStrategy();

/**
 * An entity's columns for a prepared statement's SELECT, as `alias.column AS "property"`, read from
 * its decorators: rows come back with the entity's field names, `date` columns as text (as TypeORM
 * hands them over) and columns marked `select: false` (a password hash) left out. A prepared read
 * then gives what TypeORM's find would, without its query building and PostgreSQL's planning on
 * every call (docs/architecture.md §15 Performance).
 */
export function entityColumns(entity: abstract new (...args: never[]) => unknown, alias: string): string {
  const columns = getMetadataArgsStorage()
    .filterColumns(entity)
    .filter((c) => c.options.select !== false);
  if (!columns.length) throw new Error(`${entity.name} has no columns: is it an entity?`);
  return columns
    .map((c) => {
      const column = `${alias}.${naming.columnName(c.propertyName, c.options.name, [])}`;
      return `${c.options.type === 'date' ? `${column}::text` : column} AS "${c.propertyName}"`;
    })
    .join(', ');
}

/**
 * Rows of entityColumns read through JSON (a `json_agg` that carries several lists in one
 * statement), as the rows a prepared read gives: JSON has no time type, so the entity's timestamp
 * columns come back to Dates.
 */
export function rowsFromJson<E>(entity: abstract new (...args: never[]) => E, rows: Record<string, unknown>[]): E[] {
  const times = timestampFields(entity);
  return rows.map((row) => {
    for (const field of times) if (typeof row[field] === 'string') row[field] = new Date(row[field]);
    return row as E;
  });
}

/** An entity's timestamp fields, read from its decorators once: they don't change while the app runs. */
const timestamps = new WeakMap<object, string[]>();
function timestampFields(entity: abstract new (...args: never[]) => unknown): string[] {
  let fields = timestamps.get(entity);
  if (!fields) {
    fields = getMetadataArgsStorage()
      .filterColumns(entity)
      .filter((c) => c.options.type === 'timestamptz' || c.options.type === 'timestamp')
      .map((c) => c.propertyName);
    timestamps.set(entity, fields);
  }
  return fields;
}
