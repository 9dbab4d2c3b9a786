// Text search in the database: `search_text()` (drizzle/0009) folds case and accents, and a
// trigram GIN index over the same expression answers `LIKE '%…%'` without reading the table.
// The expression here must be the indexed one, character for character, or the index is not used.
import { sql, type SQL } from 'drizzle-orm';

/** `%text%` with LIKE's own wildcards in the user's text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** True where the folded `indexed` expression contains the folded search text. */
export function matchesSearch(indexed: SQL, text: string): SQL {
  return sql`search_text(${indexed}) like search_text(${containsPattern(text)})`;
}

/** The expression projects_search_idx is built on. */
export const projectSearchExpression = sql.raw(`"projects"."client_name" || ' ' || "projects"."description"`);
/** The expression clients_search_idx is built on. */
export const clientSearchExpression = sql.raw(`"clients"."name"`);
