CREATE TABLE "project_create_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"project_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_create_keys_pkey" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "project_create_keys" ADD CONSTRAINT "project_create_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_create_keys" ADD CONSTRAINT "project_create_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_create_keys_project_id_idx" ON "project_create_keys" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_create_keys_created_at_idx" ON "project_create_keys" USING btree ("created_at");