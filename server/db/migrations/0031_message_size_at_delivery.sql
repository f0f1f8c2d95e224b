ALTER TABLE "messages" ALTER COLUMN "size" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "size" DROP NOT NULL;