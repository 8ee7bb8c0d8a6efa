ALTER TABLE "jobs" ADD COLUMN "owner" text;--> statement-breakpoint
CREATE INDEX "jobs_owner_idx" ON "jobs" USING btree ("owner","status","updated_at");