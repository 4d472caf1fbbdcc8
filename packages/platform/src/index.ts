// First, before any schema is made: zod must not probe for eval, which the CSP forbids (csp.ts).
import './csp';

export { ApiError, apiRequest, isAccessDenied, type HttpMethod } from './apiClient';
export { createQueryClient, getQueryFn, seedAnonymousVisitor, type On401 } from './queryClient';
export { queryKeys } from './queryKeys';
export { useUser } from './user';
export {
  DEFAULT_LIFTER_UNIT,
  rememberLifterUnit,
  saveLifterUnit,
  useLifterUnit,
  useSaveLifterUnit,
} from './lifterUnit';
export { useLogin, useLogout, useRegister, SIGN_OUT_OFFLINE_TEXT } from './auth';
export { useResetPassword } from './passwordReset';
export { useDeleteAccount, ACCOUNT_DELETED_TITLE, ACCOUNT_DELETED_TEXT } from './deleteAccount';
export { authErrorMessage, SIGN_IN_NEEDS_NETWORK_TEXT } from './authErrorMessage';
export { fetchNotingReachability, isNetworkFailure, isOffline, useOffline } from './networkStatus';
export {
  startOfflineCache,
  indexedDbStorage,
  lastDataUpdateAt,
  requestPersistentStorage,
  storeReadsNow,
  type OfflineCache,
  type OfflineCacheOptions,
  type OfflineStorage,
} from './offlineCache';
export { OfflineCacheGate } from './offlineCacheGate';
export { displayName } from './displayName';
export {
  toast,
  toastInTurn,
  dismissToast,
  pauseToast,
  resumeToast,
  useToast,
  TOAST_DURATION_MS,
  type CurrentToast,
  type ToastOptions,
  type ToastVariant,
} from './toast';
export { fetchRemoteMap, INLINED_REMOTE_MAP_ID, takeInlinedRemoteMap } from './remoteMap';
export { fetchPreloadedReads, preloadedReadPaths } from './preloadedReads';
export { seedInlinedReads } from './inlinedReads';
export {
  useSubscriptionStatus,
  useAccess,
  useCheckout,
  checkoutErrorMessage,
  SUBSCRIPTION_STATUS_STALE_TIME_MS,
  CHECKOUT_FAILED_TITLE,
  MISSING_CHECKOUT_URL_MESSAGE,
  PAYMENT_UNAVAILABLE_MESSAGE,
  type Access,
} from './subscription';
export { openAccountPanel, closeAccountPanel, useAccountPanel } from './accountPanel';
export { resetProgress, useResetProgress } from './resetProgress';
export { setWorkoutActive, isWorkoutActive, useWorkoutActive, useWorkoutInProgress } from './workoutActivity';
export {
  createOutbox,
  applyResults,
  backoffDelayMs as outboxBackoffDelayMs,
  type OutboxOptions,
} from './outbox/outbox';
export {
  discardOutbox,
  getOutbox,
  openSignedInOutbox,
  setSendingUser,
  stopOutboxes,
  useOutbox,
  useOutboxStatus,
} from './outbox/registry';
export { migrateLegacyBackup, LEGACY_BACKUP_PREFIX } from './outbox/legacyBackup';
export { newObjectId, newOperationId } from './outbox/objectId';
export { emptyOutbox, indexedDbOutboxStorage, memoryOutboxStorage, type OutboxStorage } from './outbox/store';
export type {
  FlushOutcome,
  NewOperation,
  Outbox,
  OutboxStatus,
  RejectedOperation,
  ServerState,
  StoredOutbox,
} from './outbox/types';
export {
  restAlertChoice,
  setRestAlertChoice,
  useRestAlertChoice,
  deviceId,
  REST_ALERT_CHOICE_KEY,
  DEVICE_ID_KEY,
  type RestAlertChoice,
} from './restAlerts/choice';
export {
  loadRestAlertClient,
  checkRestAlertAvailability,
  scheduleRestAlert,
  cancelRestAlert,
  resaveRestAlertAfterSignIn,
  useRestAlertSetting,
  type RestAlertSetting,
} from './restAlerts/restAlerts';
export { REST_ALERT_PUSH_FAILED, REST_ALERT_SAVE_FAILED } from './restAlerts/messages';
export type { RestAlertPlan, RestAlertAvailability } from './restAlerts/client';
