CREATE TABLE "photo_upload_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"claim_token" text NOT NULL,
	"photo_id" integer,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_upload_keys_pkey" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Photos stored before issue 13 were received when their row was made (hand-added to the generated file).
UPDATE "photos" SET "received_at" = "created_at";--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "photo_upload_keys" ADD CONSTRAINT "photo_upload_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_upload_keys" ADD CONSTRAINT "photo_upload_keys_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_upload_keys_photo_id_idx" ON "photo_upload_keys" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "photo_upload_keys_created_at_idx" ON "photo_upload_keys" USING btree ("created_at");