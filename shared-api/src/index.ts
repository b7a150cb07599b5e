/**
 * shared-api: the portal's one HTTP client, session store and socket. A federation singleton: the
 * shell and the remotes all get this very module instance.
 */
export * from './contracts';
export { tokenStorage, TOKEN_KEYS, DISPLAY_NAME_KEY } from './tokens';
export { useSessionStore, fullNameOf, type SessionState, type SessionStatus } from './session-store';
export {
  apiClient,
  configureApiClient,
  refreshAccessToken,
  apiErrorMessage,
  apiErrorStatus,
  apiErrorCode,
  SessionExpiredError,
  REFRESH_PATH,
} from './client';
export { connectSocket, disconnectSocket, getSocket, reconnectSocket, configureSocket, onSocketChange } from './socket';
export { useSocketEvent, useSocketReconnect } from './hooks';
export { useLiveQuery, type LiveQueryOptions, type LiveQueryState } from './live-query';
export { login, logout, fetchUserInformation } from './api/user';
export { getSignInProviders, exchangeSignInCode, schoolLogoutUrl } from './api/school-sign-in';
export { apiGet, apiPost, apiPut, apiDelete } from './api/request';
export {
  getAdminPrinters,
  getPrintingQueue,
  getPrintingLog,
  setPrinterStatus,
  updatePrinter,
  createPrinter,
  retirePrinter,
  probePrinter,
  getStudentHistory,
  type PrinterRoomRole,
  type PrintingLogQuery,
  type StudentHistoryQuery,
  type PrinterUpdateInput,
} from './api/printer-room';
export {
  getReleaseStations,
  createReleaseStation,
  revokeReleaseStation,
  getStationCode,
  releaseAtStation,
  STATION_TOKEN_HEADER,
} from './api/release-stations';
export { getNotices, markNoticesSeen, refreshNoticeCount, isNoticeRole, type NoticeRole } from './api/notices';
export { getSystemConfig, updateSystemConfig, isWrongPassword } from './api/system-config';
export { releaseHeldJobs, moveJob, extendHeldJob } from './api/release';
export { getPushKey, savePushSubscription, deletePushSubscription } from './api/push';
export {
  getReport,
  getYearReport,
  getReportArchive,
  downloadStoredReport,
  downloadLiveReport,
  saveFile,
  fileNameOf,
  type DownloadedFile,
} from './api/reports';
export {
  getStudents,
  getStudentDetail,
  getStudentLedger,
  postAdjustment,
  type StudentListPage,
  type StudentLedgerQuery,
} from './api/student-activity';
export { getAccounts, createAccount, changeAccount, importStudents, changeOwnPassword } from './api/accounts';
export { loadSession, refreshUser } from './session';
export {
  getChatContacts,
  getConversationId,
  getChatMessages,
  joinConversation,
  sendChatMessage,
  chatErrorMessage,
  ChatRefusal,
  CHAT_MESSAGE_MAX,
  CHAT_PAGE,
  type ChatContact,
} from './api/chat';
export { newRequestId } from './request-id';
