-- hand-written: begin
-- Search within one business (issue 23). The text search matches is kept folded in a stored
-- column, so a scan that filters on it compares text instead of calling search_text() on every
-- row; one GIN index per table over (business_id, trigrams of that column) needs btree_gin for the
-- integer key, and replaces 0009's trigram indexes over every business's text, which had to be
-- intersected with a second index to find one business's matches.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX IF EXISTS "projects_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "clients_search_idx";--> statement-breakpoint
-- hand-written: end
DROP INDEX "projects_client_id_id_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "searchable_name" text GENERATED ALWAYS AS (search_text("name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "searchable_text" text GENERATED ALWAYS AS (search_text("client_name" || ' ' || "description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_business_id_search_idx" ON "clients" USING gin ("business_id","searchable_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "projects_client_id_created_at_idx" ON "projects" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_business_id_search_idx" ON "projects" USING gin ("business_id","searchable_text" gin_trgm_ops) WITH (fastupdate=false);