CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"period" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"run_count" integer DEFAULT 1 NOT NULL
);
