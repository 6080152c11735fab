/** Lets non-React code (the API client) navigate through the router instead of reloading the page. */
type Navigate = (to: string) => void;

let navigate: Navigate | null = null;

export function setNavigator(next: Navigate | null): void {
  navigate = next;
}

export function navigateTo(to: string): void {
  if (navigate) navigate(to);
  else window.location.assign(to);
}
