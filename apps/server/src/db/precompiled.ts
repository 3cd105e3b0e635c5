import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema';

/** The compiled statement, and for each of its parameters the name of the value it takes. */
interface Template {
  compiled: CompiledQuery;
  /** A name where the parameter is one of the caller's values; undefined for a constant. */
  names: (string | undefined)[];
}

/**
 * A precompiled query as data: its SQL, and for each parameter either a constant of the query
 * or the name of the caller's value. For running it on a connection of another thread.
 */
export interface PlainStatement {
  sql: string;
  parameters: ({ constant: unknown } | { name: string })[];
}

export interface Precompiled<P, O> {
  (db: Kysely<Database>, values: P): Promise<QueryResult<O>>;
  /** The query as `db`'s dialect compiles it, as plain data. */
  statement(db: Kysely<Database>): PlainStatement;
}

/**
 * A query compiled once per database (per dialect adapter) and afterwards run with new values.
 *
 * Why: building and compiling a Kysely query (immutable nodes, a visitor over them) costs more
 * than SQLite takes to run a small statement, and a send runs four of them. This is for the hot
 * statements only; everything else builds its queries as usual.
 *
 * `build` is called once with a stand-in (a unique symbol) for each named value, so the query's
 * shape must not depend on the values: a query whose shape varies is two precompiled queries.
 * Its parameters are then either a stand-in, replaced by the caller's value on every run, or a
 * constant of the query itself, kept. A value given as undefined is stored as NULL (both
 * drivers bind it so).
 */
export function precompiled<P extends Record<string, unknown>, O>(
  names: readonly (keyof P & string)[],
  build: (db: Kysely<Database>, values: P) => Compilable<O>,
): Precompiled<P, O> {
  const templates = new WeakMap<object, Template>();

  function templateFor(db: Kysely<Database>): Template {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      const standIns = new Map(names.map((name) => [Symbol(name), name]));
      const values = Object.fromEntries([...standIns].map(([symbol, name]) => [name, symbol]));
      const compiled = build(db, values as P).compile();
      template = {
        compiled,
        names: compiled.parameters.map((parameter) =>
          typeof parameter === 'symbol' ? standIns.get(parameter) : undefined,
        ),
      };
      const unused = names.filter((name) => !template!.names.includes(name));
      if (unused.length > 0) throw new Error(`precompiled query never uses ${unused.join(', ')}`);
      templates.set(adapter, template);
    }
    return template;
  }

  const run = async (db: Kysely<Database>, values: P) => {
    const { compiled, names: parameterNames } = templateFor(db);
    const parameters = parameterNames.map((name, index) =>
      name === undefined ? compiled.parameters[index] : values[name],
    );
    return await db.executeQuery<O>({ ...compiled, parameters });
  };
  const statement = (db: Kysely<Database>): PlainStatement => {
    const { compiled, names: parameterNames } = templateFor(db);
    return {
      sql: compiled.sql,
      parameters: parameterNames.map((name, index) =>
        name === undefined ? { constant: compiled.parameters[index] } : { name },
      ),
    };
  };
  return Object.assign(run, { statement });
}
