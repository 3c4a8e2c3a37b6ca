ALTER TABLE "score_history" DROP CONSTRAINT "score_history_data_collection_id_data_collections_id_fk";
--> statement-breakpoint
ALTER TABLE "score_history" DROP CONSTRAINT "score_history_student_enrollment_id_student_enrollments_id_fk";
--> statement-breakpoint
ALTER TABLE "score_history" DROP CONSTRAINT "score_history_changed_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_impersonator_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "score_history" ADD CONSTRAINT "score_history_data_collection_id_data_collections_id_fk" FOREIGN KEY ("data_collection_id") REFERENCES "public"."data_collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_history" ADD CONSTRAINT "score_history_student_enrollment_id_student_enrollments_id_fk" FOREIGN KEY ("student_enrollment_id") REFERENCES "public"."student_enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_history" ADD CONSTRAINT "score_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;