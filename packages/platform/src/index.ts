export { ApiError, apiRequest, type HttpMethod } from './apiClient';
export { createQueryClient, getQueryFn, type On401 } from './queryClient';
export { queryKeys } from './queryKeys';
export { useUser, type CurrentUser } from './user';
export { fetchRemoteMap } from './remoteMap';
