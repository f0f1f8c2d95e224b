CREATE TABLE "postfix_log_positions" (
	"log" text PRIMARY KEY NOT NULL,
	"inode" bigint NOT NULL,
	"byte_offset" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
