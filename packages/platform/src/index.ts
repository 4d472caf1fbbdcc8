export { ApiError, apiRequest, type HttpMethod } from './apiClient';
export { createQueryClient, getQueryFn, type On401 } from './queryClient';
export { queryKeys } from './queryKeys';
export { useUser } from './user';
export { useLogin, useLogout, useRegister } from './auth';
export { authErrorMessage } from './authErrorMessage';
export { displayName } from './displayName';
export {
  toast,
  dismissToast,
  pauseToast,
  resumeToast,
  useToast,
  TOAST_DURATION_MS,
  type CurrentToast,
  type ToastOptions,
  type ToastVariant,
} from './toast';
export { fetchRemoteMap } from './remoteMap';
