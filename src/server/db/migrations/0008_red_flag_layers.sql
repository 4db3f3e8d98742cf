ALTER TABLE "messages" ADD COLUMN "red_flag_model_outcome" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "red_flag_model_category" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "red_flag_prompt_version" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "red_flag_layer" text GENERATED ALWAYS AS (case when cardinality(red_flags) > 0 and red_flag_model_category is not null then 'both' when cardinality(red_flags) > 0 then 'rules' when red_flag_model_category is not null then 'model' end) STORED;