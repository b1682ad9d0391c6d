import type { Migration } from './helpers.ts';
import { m0001 } from './0001_create_master_data.ts';
import { m0002 } from './0002_create_users.ts';
import { m0003 } from './0003_create_assignments.ts';
import { m0004 } from './0004_create_requests.ts';
import { m0005 } from './0005_create_support_tables.ts';
import { m0006 } from './0006_create_auth_tables.ts';
import { m0008 } from './0008_add_tracker_indexes.ts';
import { m0009 } from './0009_add_approval_indexes.ts';
import { m0010 } from './0010_add_provisioning_indexes.ts';
import { m0011 } from './0011_add_platform_business_access_internal_only.ts';
import { m0012 } from './0012_add_request_search_index.ts';
import { m0013 } from './0013_add_sort_indexes.ts';
import { m0014 } from './0014_add_master_data_log_changes.ts';
import { m0015 } from './0015_add_absences.ts';
import { m0016 } from './0016_add_directory_feed_and_job_counts.ts';
import { m0017 } from './0017_add_master_data_request_done.ts';
import { m0018 } from './0018_add_bulk_upload_progress.ts';
import { m0019 } from './0019_add_user_profile_indexes.ts';
import { m0020 } from './0020_add_profile_merges.ts';
import { m0022 } from './0022_add_report_indexes.ts';
import { m0023 } from './0023_add_scorecard_indexes.ts';
import { m0025 } from './0025_add_submitted_path_index.ts';
import { m0026 } from './0026_add_notifications.ts';
import { m0028 } from './0028_add_report_and_leaver_indexes.ts';
import { m0029 } from './0029_add_access_expiry.ts';
import { m0030 } from './0030_add_task_reminders.ts';
import { m0031 } from './0031_add_profile_filter_indexes.ts';
import { m0032 } from './0032_add_scope_escalation_stage.ts';
import { m0033 } from './0033_add_path_coverage.ts';
import { m0034 } from './0034_add_client_asset_search_indexes.ts';
import { m0035 } from './0035_add_admin_menu_indexes.ts';
import { m0036 } from './0036_add_admin_lookup_menu_indexes.ts';
import { m0037 } from './0037_add_pending_deactivate_index.ts';
import { m0038 } from './0038_add_people_menu_probe_indexes.ts';
import { m0039 } from './0039_add_request_person_names.ts';
import { m0040 } from './0040_add_request_path_client_index.ts';
import { m0041 } from './0041_bind_profiles_to_identity.ts';
import { m0042 } from './0042_add_user_status_sort_indexes.ts';
import { m0043 } from './0043_add_directory_search_indexes.ts';
import { m0044 } from './0044_add_request_client_platform_index.ts';
import { m0045 } from './0045_add_rate_counts.ts';
import { m0046 } from './0046_add_access_reviews.ts';
import { m0047 } from './0047_add_review_items_page_index.ts';
import { m0048 } from './0048_add_access_review_follow_up.ts';
import { m0049 } from './0049_add_review_items_reviewer_progress_index.ts';
import { m0050 } from './0050_add_review_item_names.ts';
import { m0051 } from './0051_add_review_item_record_state.ts';
import { m0052 } from './0052_add_audit_chain.ts';
import { m0053 } from './0053_add_mail_decision_tokens.ts';
import { m0054 } from './0054_add_request_same_access_as.ts';
import { m0055 } from './0055_add_access_bundles.ts';

/** Every migration by name; names sort in the order they run. Append only, never edit. */
export const migrations: Record<string, Migration> = {
  '0001_create_master_data': m0001,
  '0002_create_users': m0002,
  '0003_create_assignments': m0003,
  '0004_create_requests': m0004,
  '0005_create_support_tables': m0005,
  '0006_create_auth_tables': m0006,
  '0008_add_tracker_indexes': m0008,
  '0009_add_approval_indexes': m0009,
  '0010_add_provisioning_indexes': m0010,
  '0011_add_platform_business_access_internal_only': m0011,
  '0012_add_request_search_index': m0012,
  '0013_add_sort_indexes': m0013,
  '0014_add_master_data_log_changes': m0014,
  '0015_add_absences': m0015,
  '0016_add_directory_feed_and_job_counts': m0016,
  '0017_add_master_data_request_done': m0017,
  '0018_add_bulk_upload_progress': m0018,
  '0019_add_user_profile_indexes': m0019,
  '0020_add_profile_merges': m0020,
  '0022_add_report_indexes': m0022,
  '0023_add_scorecard_indexes': m0023,
  '0025_add_submitted_path_index': m0025,
  '0026_add_notifications': m0026,
  '0028_add_report_and_leaver_indexes': m0028,
  '0029_add_access_expiry': m0029,
  '0030_add_task_reminders': m0030,
  '0031_add_profile_filter_indexes': m0031,
  '0032_add_scope_escalation_stage': m0032,
  '0033_add_path_coverage': m0033,
  '0034_add_client_asset_search_indexes': m0034,
  '0035_add_admin_menu_indexes': m0035,
  '0036_add_admin_lookup_menu_indexes': m0036,
  '0037_add_pending_deactivate_index': m0037,
  '0038_add_people_menu_probe_indexes': m0038,
  '0039_add_request_person_names': m0039,
  '0040_add_request_path_client_index': m0040,
  '0041_bind_profiles_to_identity': m0041,
  '0042_add_user_status_sort_indexes': m0042,
  '0043_add_directory_search_indexes': m0043,
  '0044_add_request_client_platform_index': m0044,
  '0045_add_rate_counts': m0045,
  '0046_add_access_reviews': m0046,
  '0047_add_review_items_page_index': m0047,
  '0048_add_access_review_follow_up': m0048,
  '0049_add_review_items_reviewer_progress_index': m0049,
  '0050_add_review_item_names': m0050,
  '0051_add_review_item_record_state': m0051,
  '0052_add_audit_chain': m0052,
  '0053_add_mail_decision_tokens': m0053,
  '0054_add_request_same_access_as': m0054,
  '0055_add_access_bundles': m0055,
};
