/** `column IN ('A', 'B')`: the CHECK the migrations put on a column that holds one of a fixed list. */
export const oneOf = (column: string, values: readonly string[]) =>
  `${column} IN (${values.map((v) => `'${v}'`).join(', ')})`;
