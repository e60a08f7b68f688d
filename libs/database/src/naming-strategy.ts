import { DefaultNamingStrategy, type NamingStrategyInterface, type Table } from 'typeorm';

const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Properties are camelCase in TypeScript and snake_case in PostgreSQL. */
export class SnakeNamingStrategy extends DefaultNamingStrategy implements NamingStrategyInterface {
  override columnName(propertyName: string, customName: string | undefined, prefixes: string[]): string {
    return customName ?? snake([...prefixes, propertyName].join('_'));
  }
  override relationName(propertyName: string): string {
    return snake(propertyName);
  }
  override joinColumnName(relationName: string, referencedColumnName: string): string {
    return snake(`${relationName}_${referencedColumnName}`);
  }
  /** PostgreSQL's own name for a foreign key (`doctors_user_id_fkey`), which the migrations use. */
  override foreignKeyName(tableOrName: Table | string, columnNames: string[]): string {
    const table = (typeof tableOrName === 'string' ? tableOrName : tableOrName.name).split('.').pop();
    return `${table}_${columnNames.join('_')}_fkey`;
  }
}
