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
