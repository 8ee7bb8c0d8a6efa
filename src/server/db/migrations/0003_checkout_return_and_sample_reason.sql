ALTER TABLE "generations" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "return_path" text;