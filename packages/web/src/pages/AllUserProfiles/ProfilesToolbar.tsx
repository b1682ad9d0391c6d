/**
 * The buttons above All User Profiles (spec 3 §2.4: UAP User Role Validation, User Status
 * Report, Profile Matcher and the job status line are added here with the merge features).
 */
export function ProfilesToolbar() {
  return null;
}
