CREATE TABLE "client_issues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_issues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"pair_id" integer NOT NULL,
	"share_link_id" integer,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"note" text NOT NULL,
	"photo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	"owner_notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "project_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"share_link_id" integer,
	"name" text NOT NULL,
	"signature_key" text,
	"rating" integer,
	"comment" text,
	"report_version" text NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	"owner_notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "project_sends" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"share_link_id" integer NOT NULL,
	"to_email" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"message_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "first_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "first_open_device" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "open_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "re_clean_window_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_url" text;--> statement-breakpoint
ALTER TABLE "client_issues" ADD CONSTRAINT "client_issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_issues" ADD CONSTRAINT "client_issues_pair_id_photo_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."photo_pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_issues" ADD CONSTRAINT "client_issues_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_approvals" ADD CONSTRAINT "project_approvals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_approvals" ADD CONSTRAINT "project_approvals_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_sends" ADD CONSTRAINT "project_sends_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_sends" ADD CONSTRAINT "project_sends_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_issues_project_id_idx" ON "client_issues" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "client_issues_pair_id_idx" ON "client_issues" USING btree ("pair_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_approvals_project_id_version_key" ON "project_approvals" USING btree ("project_id","report_version");--> statement-breakpoint
CREATE INDEX "project_sends_project_id_sent_at_idx" ON "project_sends" USING btree ("project_id","sent_at");