// Text search in the database: `search_text()` (drizzle/0009) folds case and accents. Each searched
// table keeps its text folded in a stored column (projects.searchable_text, clients.searchable_name,
// drizzle/0013) with a GIN index over (business_id, trigrams of that column), so `LIKE '%…%'` finds
// one business's matches without reading the others', and a scan that filters instead (newest
// first, stopping at a page) compares plain text rather than folding every row again.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `%text%` with LIKE's own wildcards in the user's text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** True where the folded column contains the search text, folded the same way. */
export function matchesSearch(folded: AnyPgColumn, text: string): SQL {
  return sql`${folded} like search_text(${containsPattern(text)})`;
}
