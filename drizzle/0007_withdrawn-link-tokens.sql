CREATE TABLE "withdrawn_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
