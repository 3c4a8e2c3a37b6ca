-- Edited by hand after drizzle-kit generate: the (tenant_id, id) keys come before the foreign keys
-- that need them, and SET NULL names the column alone (tenant_id is not null; PostgreSQL 15+).
ALTER TABLE "auth_sessions" DROP CONSTRAINT "auth_sessions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "auth_sessions" DROP CONSTRAINT "auth_sessions_impersonator_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "user_features" DROP CONSTRAINT "user_features_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "user_organizations" DROP CONSTRAINT "user_organizations_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "district_data_integration_users" DROP CONSTRAINT "district_data_integration_users_integration_id_district_data_integrations_id_fk";--> statement-breakpoint
ALTER TABLE "district_data_integration_users" DROP CONSTRAINT "district_data_integration_users_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "district_data_integrations" DROP CONSTRAINT "district_data_integrations_district_id_districts_id_fk";--> statement-breakpoint
ALTER TABLE "districts" DROP CONSTRAINT "districts_region_id_regions_id_fk";--> statement-breakpoint
ALTER TABLE "locations" DROP CONSTRAINT "locations_district_id_districts_id_fk";--> statement-breakpoint
ALTER TABLE "acknowledgement_acceptances" DROP CONSTRAINT "acknowledgement_acceptances_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "data_collection_district_assignments" DROP CONSTRAINT "data_collection_district_assignments_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "data_collection_district_assignments" DROP CONSTRAINT "data_collection_district_assignments_district_id_districts_id_fk";--> statement-breakpoint
ALTER TABLE "data_collection_field_tests" DROP CONSTRAINT "data_collection_field_tests_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "data_collection_field_tests" DROP CONSTRAINT "data_collection_field_tests_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "data_collection_items" DROP CONSTRAINT "data_collection_items_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "data_collection_location_assignments" DROP CONSTRAINT "data_collection_location_assignments_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "data_collection_location_assignments" DROP CONSTRAINT "data_collection_location_assignments_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "data_collection_region_assignments" DROP CONSTRAINT "data_collection_region_assignments_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "data_collection_region_assignments" DROP CONSTRAINT "data_collection_region_assignments_region_id_regions_id_fk";--> statement-breakpoint
ALTER TABLE "data_collection_set_items" DROP CONSTRAINT "data_collection_set_items_set_id_data_collection_sets_id_fk";--> statement-breakpoint
ALTER TABLE "data_collection_sets" DROP CONSTRAINT "data_collection_sets_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "data_collection_supports" DROP CONSTRAINT "data_collection_supports_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "data_collections" DROP CONSTRAINT "data_collections_parent_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "data_collections" DROP CONSTRAINT "data_collections_created_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "enrollment_associations" DROP CONSTRAINT "enrollment_associations_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "enrollment_associations" DROP CONSTRAINT "enrollment_associations_student_enrollment_id_student_enrollments_id_fk";--> statement-breakpoint
ALTER TABLE "enrollment_associations" DROP CONSTRAINT "enrollment_associations_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "student_data_collection_assignments" DROP CONSTRAINT "student_data_collection_assignments_student_enrollment_id_student_enrollments_id_fk";--> statement-breakpoint
ALTER TABLE "student_data_collection_assignments" DROP CONSTRAINT "student_data_collection_assignments_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "student_enrollments" DROP CONSTRAINT "student_enrollments_student_id_students_id_fk";--> statement-breakpoint
ALTER TABLE "student_enrollments" DROP CONSTRAINT "student_enrollments_region_id_regions_id_fk";--> statement-breakpoint
ALTER TABLE "student_enrollments" DROP CONSTRAINT "student_enrollments_district_id_districts_id_fk";--> statement-breakpoint
ALTER TABLE "student_enrollments" DROP CONSTRAINT "student_enrollments_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "student_supports" DROP CONSTRAINT "student_supports_assignment_id_student_data_collection_assignments_id_fk";--> statement-breakpoint
ALTER TABLE "student_supports" DROP CONSTRAINT "student_supports_support_id_data_collection_supports_id_fk";--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_parent_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_merged_into_student_id_students_id_fk";--> statement-breakpoint
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_student_id_students_id_fk";--> statement-breakpoint
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_student_enrollment_id_student_enrollments_id_fk";--> statement-breakpoint
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_origin_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_destination_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_requested_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_decided_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "group_members" DROP CONSTRAINT "group_members_group_id_groups_id_fk";--> statement-breakpoint
ALTER TABLE "group_members" DROP CONSTRAINT "group_members_student_enrollment_id_student_enrollments_id_fk";--> statement-breakpoint
ALTER TABLE "groups" DROP CONSTRAINT "groups_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "groups" DROP CONSTRAINT "groups_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "score_artifacts" DROP CONSTRAINT "score_artifacts_score_id_scores_id_fk";--> statement-breakpoint
ALTER TABLE "score_artifacts" DROP CONSTRAINT "score_artifacts_uploaded_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "score_history" DROP CONSTRAINT "score_history_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "score_history" DROP CONSTRAINT "score_history_student_enrollment_id_student_enrollments_id_fk";--> statement-breakpoint
ALTER TABLE "score_history" DROP CONSTRAINT "score_history_changed_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "score_milestones" DROP CONSTRAINT "score_milestones_tenant_milestone_id_tenant_milestones_id_fk";--> statement-breakpoint
ALTER TABLE "score_milestones" DROP CONSTRAINT "score_milestones_student_id_students_id_fk";--> statement-breakpoint
ALTER TABLE "score_milestones" DROP CONSTRAINT "score_milestones_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "score_milestones" DROP CONSTRAINT "score_milestones_captured_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "score_sheets" DROP CONSTRAINT "score_sheets_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "score_sheets" DROP CONSTRAINT "score_sheets_student_enrollment_id_student_enrollments_id_fk";--> statement-breakpoint
ALTER TABLE "score_sheets" DROP CONSTRAINT "score_sheets_created_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "scores" DROP CONSTRAINT "scores_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "scores" DROP CONSTRAINT "scores_student_enrollment_id_student_enrollments_id_fk";--> statement-breakpoint
ALTER TABLE "scores" DROP CONSTRAINT "scores_entered_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "checkpoint_periods" DROP CONSTRAINT "checkpoint_periods_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "data_display_filters" DROP CONSTRAINT "data_display_filters_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "data_display_filters" DROP CONSTRAINT "data_display_filters_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "outputs" DROP CONSTRAINT "outputs_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "outputs" DROP CONSTRAINT "outputs_requested_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_requested_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "student_outputs" DROP CONSTRAINT "student_outputs_output_id_outputs_id_fk";--> statement-breakpoint
ALTER TABLE "student_outputs" DROP CONSTRAINT "student_outputs_student_id_students_id_fk";--> statement-breakpoint
ALTER TABLE "student_outputs" DROP CONSTRAINT "student_outputs_data_collection_id_data_collections_id_fk";--> statement-breakpoint
ALTER TABLE "announcements" DROP CONSTRAINT "announcements_created_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "tenant_integration_licenses" DROP CONSTRAINT "tenant_integration_licenses_tenant_integration_id_tenant_integrations_id_fk";--> statement-breakpoint
ALTER TABLE "bulk_loads" DROP CONSTRAINT "bulk_loads_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_impersonator_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "auth_tokens" DROP CONSTRAINT "auth_tokens_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_owner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "district_data_integrations" ADD CONSTRAINT "district_data_integrations_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "data_collection_sets" ADD CONSTRAINT "data_collection_sets_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "data_collection_supports" ADD CONSTRAINT "data_collection_supports_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "data_collections" ADD CONSTRAINT "data_collections_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "student_data_collection_assignments" ADD CONSTRAINT "student_data_collection_assignments_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "student_enrollments" ADD CONSTRAINT "student_enrollments_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "tenant_milestones" ADD CONSTRAINT "tenant_milestones_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "outputs" ADD CONSTRAINT "outputs_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "tenant_integrations" ADD CONSTRAINT "tenant_integrations_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_impersonator_fk" FOREIGN KEY ("tenant_id","impersonator_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_features" ADD CONSTRAINT "user_features_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_organizations" ADD CONSTRAINT "user_organizations_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_data_integration_users" ADD CONSTRAINT "district_data_integration_users_integration_fk" FOREIGN KEY ("tenant_id","integration_id") REFERENCES "public"."district_data_integrations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_data_integration_users" ADD CONSTRAINT "district_data_integration_users_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_data_integrations" ADD CONSTRAINT "district_data_integrations_district_fk" FOREIGN KEY ("tenant_id","district_id") REFERENCES "public"."districts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_region_fk" FOREIGN KEY ("tenant_id","region_id") REFERENCES "public"."regions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_district_fk" FOREIGN KEY ("tenant_id","district_id") REFERENCES "public"."districts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgement_acceptances" ADD CONSTRAINT "acknowledgement_acceptances_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgement_acceptances" ADD CONSTRAINT "acknowledgement_acceptances_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collection_district_assignments" ADD CONSTRAINT "data_collection_district_assignments_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collection_district_assignments" ADD CONSTRAINT "data_collection_district_assignments_district_fk" FOREIGN KEY ("tenant_id","district_id") REFERENCES "public"."districts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collection_field_tests" ADD CONSTRAINT "data_collection_field_tests_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collection_field_tests" ADD CONSTRAINT "data_collection_field_tests_location_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collection_items" ADD CONSTRAINT "data_collection_items_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collection_location_assignments" ADD CONSTRAINT "data_collection_location_assignments_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collection_location_assignments" ADD CONSTRAINT "data_collection_location_assignments_location_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collection_region_assignments" ADD CONSTRAINT "data_collection_region_assignments_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collection_region_assignments" ADD CONSTRAINT "data_collection_region_assignments_region_fk" FOREIGN KEY ("tenant_id","region_id") REFERENCES "public"."regions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collection_set_items" ADD CONSTRAINT "data_collection_set_items_set_fk" FOREIGN KEY ("tenant_id","set_id") REFERENCES "public"."data_collection_sets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collection_sets" ADD CONSTRAINT "data_collection_sets_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collection_supports" ADD CONSTRAINT "data_collection_supports_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collections" ADD CONSTRAINT "data_collections_parent_fk" FOREIGN KEY ("tenant_id","parent_data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collections" ADD CONSTRAINT "data_collections_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_associations" ADD CONSTRAINT "enrollment_associations_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_associations" ADD CONSTRAINT "enrollment_associations_enrollment_fk" FOREIGN KEY ("tenant_id","student_enrollment_id") REFERENCES "public"."student_enrollments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_associations" ADD CONSTRAINT "enrollment_associations_location_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_data_collection_assignments" ADD CONSTRAINT "student_data_collection_assignments_enrollment_fk" FOREIGN KEY ("tenant_id","student_enrollment_id") REFERENCES "public"."student_enrollments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_data_collection_assignments" ADD CONSTRAINT "student_data_collection_assignments_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_enrollments" ADD CONSTRAINT "student_enrollments_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_enrollments" ADD CONSTRAINT "student_enrollments_region_fk" FOREIGN KEY ("tenant_id","region_id") REFERENCES "public"."regions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_enrollments" ADD CONSTRAINT "student_enrollments_district_fk" FOREIGN KEY ("tenant_id","district_id") REFERENCES "public"."districts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_enrollments" ADD CONSTRAINT "student_enrollments_location_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_supports" ADD CONSTRAINT "student_supports_assignment_fk" FOREIGN KEY ("tenant_id","assignment_id") REFERENCES "public"."student_data_collection_assignments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_supports" ADD CONSTRAINT "student_supports_support_fk" FOREIGN KEY ("tenant_id","support_id") REFERENCES "public"."data_collection_supports"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_parent_location_fk" FOREIGN KEY ("tenant_id","parent_location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_merged_into_fk" FOREIGN KEY ("tenant_id","merged_into_student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_enrollment_fk" FOREIGN KEY ("tenant_id","student_enrollment_id") REFERENCES "public"."student_enrollments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_origin_location_fk" FOREIGN KEY ("tenant_id","origin_location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_destination_location_fk" FOREIGN KEY ("tenant_id","destination_location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_requested_by_fk" FOREIGN KEY ("tenant_id","requested_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("requested_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_decided_by_fk" FOREIGN KEY ("tenant_id","decided_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("decided_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_enrollment_fk" FOREIGN KEY ("tenant_id","student_enrollment_id") REFERENCES "public"."student_enrollments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_artifacts" ADD CONSTRAINT "score_artifacts_score_fk" FOREIGN KEY ("tenant_id","score_id") REFERENCES "public"."scores"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_artifacts" ADD CONSTRAINT "score_artifacts_uploaded_by_fk" FOREIGN KEY ("tenant_id","uploaded_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("uploaded_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_history" ADD CONSTRAINT "score_history_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_history" ADD CONSTRAINT "score_history_enrollment_fk" FOREIGN KEY ("tenant_id","student_enrollment_id") REFERENCES "public"."student_enrollments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_history" ADD CONSTRAINT "score_history_changed_by_fk" FOREIGN KEY ("tenant_id","changed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_milestones" ADD CONSTRAINT "score_milestones_milestone_fk" FOREIGN KEY ("tenant_id","tenant_milestone_id") REFERENCES "public"."tenant_milestones"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_milestones" ADD CONSTRAINT "score_milestones_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_milestones" ADD CONSTRAINT "score_milestones_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_milestones" ADD CONSTRAINT "score_milestones_captured_by_fk" FOREIGN KEY ("tenant_id","captured_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("captured_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sheets" ADD CONSTRAINT "score_sheets_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sheets" ADD CONSTRAINT "score_sheets_enrollment_fk" FOREIGN KEY ("tenant_id","student_enrollment_id") REFERENCES "public"."student_enrollments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sheets" ADD CONSTRAINT "score_sheets_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_enrollment_fk" FOREIGN KEY ("tenant_id","student_enrollment_id") REFERENCES "public"."student_enrollments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_entered_by_fk" FOREIGN KEY ("tenant_id","entered_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("entered_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkpoint_periods" ADD CONSTRAINT "checkpoint_periods_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_display_filters" ADD CONSTRAINT "data_display_filters_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_display_filters" ADD CONSTRAINT "data_display_filters_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outputs" ADD CONSTRAINT "outputs_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outputs" ADD CONSTRAINT "outputs_requested_by_fk" FOREIGN KEY ("tenant_id","requested_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("requested_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_requested_by_fk" FOREIGN KEY ("tenant_id","requested_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("requested_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_outputs" ADD CONSTRAINT "student_outputs_output_fk" FOREIGN KEY ("tenant_id","output_id") REFERENCES "public"."outputs"("tenant_id","id") ON DELETE SET NULL ("output_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_outputs" ADD CONSTRAINT "student_outputs_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_outputs" ADD CONSTRAINT "student_outputs_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_integration_licenses" ADD CONSTRAINT "tenant_integration_licenses_integration_fk" FOREIGN KEY ("tenant_id","tenant_integration_id") REFERENCES "public"."tenant_integrations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_loads" ADD CONSTRAINT "bulk_loads_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_impersonator_fk" FOREIGN KEY ("tenant_id","impersonator_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_fk" FOREIGN KEY ("tenant_id","owner_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;