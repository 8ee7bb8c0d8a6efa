CREATE TABLE "newsletter_consents" (
	"user_id" text PRIMARY KEY NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"wording" text NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "newsletter_consents" ADD CONSTRAINT "newsletter_consents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generations_queued_idx" ON "generations" USING btree ("created_at") WHERE "generations"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "generations_provider_finished_idx" ON "generations" USING btree ("provider","finished_at") WHERE "generations"."status" = 'succeeded';