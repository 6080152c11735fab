/** Lets non-React code (the API client) navigate through the router instead of reloading the page. */
type Navigate = (to: string, state?: unknown) => void;

let navigate: Navigate | null = null;

export function setNavigator(next: Navigate | null): void {
  navigate = next;
}

/** `state` reaches the next page through the router (lost on a full reload, which has no router yet). */
export function navigateTo(to: string, state?: unknown): void {
  if (navigate) navigate(to, state);
  else window.location.assign(to);
}
