CREATE TABLE "design_shares" (
	"token" text PRIMARY KEY NOT NULL,
	"design_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_shares_design_id_unique" UNIQUE("design_id")
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "screening" text;--> statement-breakpoint
ALTER TABLE "design_shares" ADD CONSTRAINT "design_shares_design_id_user_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."user_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_shares" ADD CONSTRAINT "design_shares_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_shares_user_idx" ON "design_shares" USING btree ("user_id");