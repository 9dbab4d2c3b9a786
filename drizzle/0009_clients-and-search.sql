CREATE TABLE "clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"address" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_user_id_id_idx" ON "clients" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_user_id_id_idx" ON "projects" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "projects_client_id_id_idx" ON "projects" USING btree ("client_id","id");--> statement-breakpoint
-- hand-written: begin
-- Search ignores case and accents and finds a few letters of a word: trigram indexes over the
-- text folded by search_text(). unaccent() is only STABLE (its dictionary could change), so an
-- index needs this IMMUTABLE wrapper naming its dictionary and schema.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin (search_text("client_name" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin (search_text("name") gin_trgm_ops);
-- hand-written: end
