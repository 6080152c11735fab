/** Business constants and timings of spec section 9. */
export const RATES_REFRESH_MS = 180_000;
export const SCROLL_TOP_THRESHOLD_PX = 300;
export const TUTORIAL_START_DELAY_MS = 100;
/** The tour stops, navigates and restarts after 1 s; a missing target gets another 500 ms (spec 4, 9). */
export const TOUR_RESTART_DELAY_MS = 1_000;
export const TOUR_RETRY_DELAY_MS = 500;
/** While the next screen has not drawn the step's element at all (still loading), keep looking this long. */
export const TOUR_LOAD_WAIT_MS = 10_000;
export const EMPRESA_TOAST_MS = 6_000;
export const DEFAULT_TOAST_MS = 4_000;
export const MAX_TOASTS = 20;
export const SAVED_INDICATOR_MS = 3_000;
/** Typing pauses this long before a search (or a typed exchange margin) is sent. */
export const SEARCH_DEBOUNCE_MS = 300;
export const PASSWORD_CHANGE_REDIRECT_MS = 3_000;
export const VERIFICATION_CODE_LENGTH = 6;

export const storageKeys = {
  token: 'token',
  /**
   * sessionStorage: a request found the session gone; the login page says so once. Not router state: the
   * guards' own redirect to /login, and the other requests' 401s, replaced it (QA review).
   */
  sessionEnded: 'session-ended',
  user: 'user',
  theme: 'theme',
  sidebarCollapsed: 'sidebar-collapsed',
  pendingEmail: 'pending-registration-email',
  gmailCode: 'gmail-auth-code',
  /** The OAuth `state` that came back with that code (sent with it to POST /gmail/exchange-code). */
  gmailState: 'gmail-auth-state',
  /** Per user: the guided tour was offered (`tour-offered:<userId>`). */
  tourOffered: 'tour-offered',
  /** Per user: the quote wizard's draft (`quote-draft:<userId>`). */
  quoteDraft: 'quote-draft',
} as const;
/** Success modals of create actions close by themselves (spec 4 and 9). */
export const SUCCESS_MODAL_MS = 2_000;
