/**
 * The admin panel's alert texts. The spec §8 ones are word for word; the others follow the
 * same pattern. Status 0 means the request got no answer (fetch threw), so the error's
 * message is shown instead of a status.
 */
import type { ApiFailure } from "@/lib/api/client";

export const userDeleted = (user: { name: string; email: string }) =>
  `User ${user.name} (${user.email}) has been permanently deleted.`;

export const deleteFailed = (f: ApiFailure) =>
  f.status === 0 ? `Error deleting user: ${f.text}` : `Failed to delete user: ${f.status} - ${f.text}`;

export const historyFailed = (f: ApiFailure) =>
  f.status === 0 ? `Error fetching user history: ${f.text}` : `Failed to fetch user history: ${f.status}`;

export const settingSaveFailed = (f: ApiFailure) =>
  f.status === 0 ? `Error saving setting: ${f.text}` : `Failed to save setting: ${f.status} - ${f.text}`;

export const planSaveFailed = (f: ApiFailure) =>
  f.status === 0 ? `Error saving plan: ${f.text}` : `Failed to save plan: ${f.status} - ${f.text}`;

export const tierSaveFailed = (f: ApiFailure) =>
  f.status === 0 ? `Error saving language tier: ${f.text}` : `Failed to save language tier: ${f.status} - ${f.text}`;

export const userUpdateFailed = (f: ApiFailure) =>
  f.status === 0 ? `Error updating user: ${f.text}` : `Failed to update user: ${f.status} - ${f.text}`;

/** `what` is lower case: "users", "plans", "the audit log". Like the history text: the status only. */
export const loadFailed = (what: string, f: ApiFailure) =>
  f.status === 0 ? `Error loading ${what}: ${f.text}` : `Failed to load ${what}: ${f.status}`;

export const userActiveChanged = (user: { name: string; email: string; is_active: boolean }) =>
  `User ${user.name} (${user.email}) has been ${user.is_active ? "activated" : "deactivated"}.`;

export const modelRetryFailed = (f: ApiFailure) =>
  f.status === 0 ? `Error retrying the model download: ${f.text}` : `Failed to retry the model download: ${f.status} - ${f.text}`;

export const modelRetryAsked = (workers: number) =>
  `${workers === 1 ? "The worker tries" : `${workers} workers try`} the model download again within 10 seconds.`;

export const jobActionFailed = (action: "retry" | "cancel", f: ApiFailure) =>
  f.status === 0 ? `Error trying to ${action} the job: ${f.text}` : `Failed to ${action} the job: ${f.status} - ${f.text}`;

export const jobRetried = "The job is queued again.";
export const jobCanceled = "The job is canceled.";

export const planSaved = (name: string) => `Plan ${name} has been saved.`;
export const tierSaved = (id: string) => `Language tier ${id} has been saved.`;
export const settingSaved = (key: string) => `Setting ${key} has been saved.`;

export const DELETE_WORD = "DELETE";
export const DELETE_CONFIRM_ALERT = 'Please type "DELETE" to confirm the deletion.';
export const OWN_ACCOUNT_TITLE = "You cannot deactivate or delete your own account.";
export const NO_USERS = "No users match these filters.";
