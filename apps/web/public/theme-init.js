// Applies the saved theme before the first paint (no flash); a separate file because the CSP forbids inline scripts.
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
} catch (_) {
  // storage unavailable: keep the light default
}
